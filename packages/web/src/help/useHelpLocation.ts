/** The help panel's place in the URL hash, kept current as the hash changes (./route.ts). */
import { useCallback, useEffect, useState } from 'react';
import { parseHelpHash, screenHash, type HelpLocation } from './route.js';

/**
 * The help location of the current hash (`null` while no help is open), and `close`, which goes back
 * to the screen beneath and gives the focus back to the help button (`help-open`).
 */
export function useHelpLocation(): { location: HelpLocation | null; close: () => void } {
  const [location, setLocation] = useState(() => (typeof window === 'undefined' ? null : parseHelpHash(window.location.hash)));
  useEffect(() => {
    const onHash = () => setLocation(parseHelpHash(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const close = useCallback(() => {
    const here = parseHelpHash(window.location.hash);
    if (here) window.location.hash = screenHash(here);
    setLocation(null);
    window.requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="help-open"]')?.focus());
  }, []);
  return { location, close };
}
