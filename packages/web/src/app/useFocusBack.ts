/**
 * Gives the focus back to the control that opened a dialog once it closes (by Escape, a button or the browser's
 * Back), in the same commit that removes the dialog, so no keyboard user is left on a detached element or the page
 * body: the help panel's Help button (`help-open`), the lobby's Sign out (`sign-out`).
 */
import { useLayoutEffect, useRef } from 'react';

/** While `open` goes from true to false, focuses the element with `data-testid="<opener>"` (when it is there). */
export function useFocusBack(open: boolean, opener: string): void {
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (wasOpen.current && !open) document.querySelector<HTMLElement>(`[data-testid="${opener}"]`)?.focus();
    wasOpen.current = open;
  }, [open, opener]);
}
