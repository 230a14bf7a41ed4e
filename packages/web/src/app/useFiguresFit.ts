/**
 * The table's top bar on a phone gives its figures one line (styles.css `.topbar__figures`): the last round, the
 * comp points and the balance, none of them cut. A four-digit last round beside a five-digit balance is wider than
 * a 360 px phone has room for in most languages ("Ronda −1090 $ · Puntos 2180 · Saldo 99.999,99 $"), and the
 * balance, last in the line, went past the screen's edge. So the less important figures give way, whole: first
 * the comp points, then the last round instead of them, then both (the felt shows the last round after it, the
 * history and the lobby the rest); the balance never does. The line gets `data-drop` (`''`, `'comp-points'`,
 * `'last-round'` or `'comp-points last-round'`), the first of those with which it does not overflow, checked
 * after every render and whenever its width changes.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** The figures that may give way, as `data-drop` names them. */
export type DroppableFigure = 'comp-points' | 'last-round';

/** What the line tries, in order: everything, then with less and less (the balance is always kept). */
export const GIVE_WAY: readonly (readonly DroppableFigure[])[] = [[], ['comp-points'], ['last-round'], ['comp-points', 'last-round']];

/** What `fitFigures` reads and writes of the line (an HTMLElement in the page). */
export interface FigureLine {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly dataset: Record<string, string | undefined>;
}

/**
 * Sets the line's `data-drop` to each step of `steps` in turn until the line does not overflow (its content no
 * wider than itself; a line with no box of its own, `display: contents`, never does), or to the last step.
 * @returns the `data-drop` set
 */
export function fitFigures(line: FigureLine, steps: readonly (readonly DroppableFigure[])[] = GIVE_WAY): string {
  let drop = '';
  for (const [i, step] of steps.entries()) {
    drop = step.join(' ');
    if (line.dataset.drop !== drop) line.dataset.drop = drop;
    if (i === steps.length - 1 || line.scrollWidth <= line.clientWidth) break;
  }
  return drop;
}

/** A ref for the figures' line, kept fitted by `fitFigures` after every render and on a change of its width. */
export function useFiguresFit<T extends HTMLElement>(): RefObject<T | null> {
  const line = useRef<T | null>(null);
  useLayoutEffect(() => {
    if (line.current) fitFigures(line.current);
  });
  useEffect(() => {
    const el = line.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fitFigures(el);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return line;
}
