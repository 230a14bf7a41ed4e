/**
 * The notices the player's own actions raise on the client (`local/told`): what else a change of its bets did (the
 * Fortune bet went with the main bet), told as a toast that fades by itself, not as a refusal. The three newest
 * are kept.
 */
import { useCallback, useRef, useState } from 'react';
import type { ToastNotice } from './Toasts.js';

/** The told notices, `tell` (a text in the player's language), and their dismissal by id. */
export function useToldNotices(): { readonly notices: readonly ToastNotice[]; tell(text: string): void; dismiss(id: string): void } {
  const [notices, setNotices] = useState<readonly ToastNotice[]>([]);
  const count = useRef(0);
  const tell = useCallback((text: string) => {
    count.current += 1;
    const id = `told-${count.current}`;
    setNotices((list) => [...list, { id, code: 'local/told', text, sticky: false, atMs: Date.now() }].slice(-3));
  }, []);
  const dismiss = useCallback((id: string) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  return { notices, tell, dismiss };
}
