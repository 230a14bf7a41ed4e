/**
 * Where the keyboard focus is when the table screen opens (a keyboard and screen-reader tester's finding): a
 * lobby tile pressed with Enter goes away with the lobby, the focus fell to the page's body, and the next Tab
 * started at the language select in the top bar. The screen's heading (the table's name) takes it once, the first
 * time the table is drawn, and only while the focus is nowhere: a control the player focused meanwhile (Lobby while
 * connecting) keeps it, and later renders never move it. Pure: `useOpeningFocus` applies it to the page.
 */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether the table's heading takes the focus now.
 * @param done the heading took it already on this screen (or the moment for it passed)
 * @param shown the table is drawn (its first view came), not the "Connecting…" screen
 * @param focusIsNowhere nothing holds the focus (`document.activeElement` is the body or none)
 */
export function takesOpeningFocus(done: boolean, shown: boolean, focusIsNowhere: boolean): boolean {
  return !done && shown && focusIsNowhere;
}

/**
 * Focuses `heading` (an element with `tabIndex={-1}`) when the table is first `shown`, per `takesOpeningFocus`;
 * once that first drawing has passed, never again while the component stays mounted.
 */
export function useOpeningFocus(heading: RefObject<HTMLElement | null>, shown: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    if (takesOpeningFocus(done.current, shown, active === null || active === document.body)) heading.current?.focus();
    if (shown) done.current = true;
  }, [heading, shown]);
}

/**
 * The main heading of a screen that replaces the one whose control had the focus (the lobby after signing in or
 * after Lobby at a table, the coach, trainer, daily challenge and house-way lab pages): it takes the focus as the
 * table's heading does (`useOpeningFocus`, once `shown`). Put the ref on an `<h1 tabIndex={-1}>`.
 */
export function usePageHeading(shown = true): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  useOpeningFocus(heading, shown);
  return heading;
}
