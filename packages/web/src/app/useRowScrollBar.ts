/**
 * A scroll bar the page draws under a row that scrolls sideways (the seats on a phone, SeatsBar.tsx). A phone's
 * own scroll bar is an overlay that shows only while the row moves (Chrome on Android, Safari on iOS), so a row
 * cut at the screen's edge did not say it scrolled: this one is there while the row overflows, its thumb as
 * wide as the part in view and where that part is. Where the browser draws a bar of its own that takes room under
 * the row (a desktop browser's classic scroll bar), the page draws none.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Where the thumb is and how wide, as fractions of the track (both 0 to 1), or `null` when there is no bar to draw. */
export function scrollThumb(row: { readonly scrollWidth: number; readonly clientWidth: number; readonly scrollLeft: number }): { start: number; size: number } | null {
  const overflow = row.scrollWidth - row.clientWidth;
  if (overflow <= 1 || row.scrollWidth <= 0) return null;
  const size = row.clientWidth / row.scrollWidth;
  const at = Math.min(1, Math.max(0, row.scrollLeft / overflow));
  return { start: at * (1 - size), size };
}

/**
 * Refs for the row (`row`) and the bar (`bar`, an element whose first child is the thumb). The bar is `hidden`
 * unless the row overflows with no bar of the browser's own under it; the thumb's `left` and `width` follow the
 * row's scrolling, its size and its content (checked after every render, on scroll and on resize). The bar gets
 * `data-start` and `data-size` (fractions, 3 decimals) for the tests.
 */
export function useRowScrollBar<T extends HTMLElement>(): { row: RefObject<T | null>; bar: RefObject<HTMLDivElement | null> } {
  const row = useRef<T | null>(null);
  const bar = useRef<HTMLDivElement | null>(null);
  const update = useRef(() => {
    const el = row.current;
    const track = bar.current;
    const thumb = track?.firstElementChild;
    if (!el || !track || !(thumb instanceof HTMLElement)) return;
    // The browser's own bar takes room under the row (offsetHeight counts it, clientHeight does not; the row has no border).
    const ownBar = el.offsetHeight - el.clientHeight > 0;
    const at = ownBar ? null : scrollThumb(el);
    track.hidden = at === null;
    if (at === null) return;
    thumb.style.left = `${at.start * 100}%`;
    thumb.style.width = `${at.size * 100}%`;
    track.dataset.start = at.start.toFixed(3);
    track.dataset.size = at.size.toFixed(3);
  });
  // After every render: the seats' text (names, bets) may have changed the row's width.
  useLayoutEffect(() => update.current());
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const onChange = () => update.current();
    el.addEventListener('scroll', onChange, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(onChange) : null;
    if (observer) for (const box of [el, ...Array.from(el.children)]) observer.observe(box);
    return () => {
      el.removeEventListener('scroll', onChange);
      observer?.disconnect();
    };
  }, []);
  return { row, bar };
}
