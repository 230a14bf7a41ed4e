/**
 * What makes a dialog modal for a keyboard and a screen reader (the help panel, the table's leave question): the
 * focus stays in it (Tab from its last control goes to its first, Shift+Tab the other way, and a focus found
 * outside it is brought back), Escape closes it wherever the focus is, and everything beside it is `inert`, so
 * neither the keyboard nor a screen reader's cursor reaches the page behind (a tester's: Tab left the leave
 * question for the table, and "?" opened Help over it).
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Keeps Tab inside `panel`: from its last focusable element to its first, and Shift+Tab the other way. */
export function trapTab(e: KeyboardEvent, panel: HTMLElement): void {
  const focusable = [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex="0"]')];
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !panel.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * Makes every element beside `panel` and beside each of its ancestors up to the body `inert`.
 * @returns what undoes it (only the elements this call made inert)
 */
export function inertOutside(panel: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  for (let el: HTMLElement = panel; el.parentElement !== null && el !== document.body; el = el.parentElement) {
    for (const sibling of el.parentElement.children) {
      if (sibling !== el && sibling instanceof HTMLElement && !sibling.inert) {
        sibling.inert = true;
        made.push(sibling);
      }
    }
  }
  return () => made.forEach((el) => (el.inert = false));
}

/** While mounted: `panel` holds the focus (Tab wraps around), the page beside it is inert, Escape calls `onClose`. */
export function useModal(panel: RefObject<HTMLElement | null>, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  // A layout effect: the page is no longer inert in the commit that removes the dialog, when `useFocusBack` gives the
  // focus back to the control that opened it (an inert control does not take it).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      if (e.key === 'Tab' && panel.current) trapTab(e, panel.current);
    };
    window.addEventListener('keydown', onKey);
    const restore = panel.current ? inertOutside(panel.current) : () => undefined;
    return () => {
      window.removeEventListener('keydown', onKey);
      restore();
    };
  }, [panel]);
}
