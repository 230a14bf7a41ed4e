/**
 * Whether an element scrolls (its content taller or wider than its box), as React state: a scroll region
 * takes the keyboard focus only while it has something to scroll (axe's `scrollable-region-focusable`), so
 * that a short list is no empty Tab stop.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A ref to put on the element, and whether it scrolls now (checked after every render and whenever the
 * element's box changes size; `false` before the first check or where there is no `ResizeObserver`).
 */
export function useScrolls<T extends HTMLElement>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [scrolls, setScrolls] = useState(false);
  const check = useRef(() => {
    const el = ref.current;
    if (el) setScrolls(el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
  });
  // After every render: the rows may have changed.
  useEffect(() => check.current());
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => check.current());
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls];
}
