/**
 * A disclosure opened by a button beside a few words ("Why?" and "Cost?" beside "Be the banker", the coach's grade
 * on the felt): what a tooltip would hide from a touch player, shown over the felt on a tap, a click or a key.
 */
import { useCallback, useState, type KeyboardEvent } from 'react';

/**
 * Its state: `open`; `toggle` for its button's click; `closeOnEscape` for the keydown of the element around the button
 * and what it shows (Escape closes it, as a popover's Escape does).
 */
export function useDisclosure(): { open: boolean; toggle: () => void; closeOnEscape: (e: KeyboardEvent) => void } {
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const closeOnEscape = useCallback((e: KeyboardEvent) => {
    if (e.key === 'Escape') setOpen(false);
  }, []);
  return { open, toggle, closeOnEscape };
}
