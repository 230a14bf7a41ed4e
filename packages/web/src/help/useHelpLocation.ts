/** The help panel's place in the URL hash, kept current as the hash changes (./route.ts). */
import { useCallback, useEffect, useState } from 'react';
import { useFocusBack } from '../app/useFocusBack.js';
import { parseHelpHash, screenHash, type HelpLocation } from './route.js';

/**
 * The help location of the current hash (`null` while no help is open), and `close`, which goes back
 * to the screen beneath. Whenever the help closes (by `close` or by the browser's Back), the focus goes
 * back to the help button (`help-open`) in the same commit that removes the panel (`useFocusBack`), so no
 * keyboard user is left on a detached element.
 */
export function useHelpLocation(): { location: HelpLocation | null; close: () => void } {
  const [location, setLocation] = useState(() => (typeof window === 'undefined' ? null : parseHelpHash(window.location.hash)));
  useEffect(() => {
    const onHash = () => setLocation(parseHelpHash(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useFocusBack(location !== null, 'help-open');
  const close = useCallback(() => {
    const here = parseHelpHash(window.location.hash);
    if (here) window.location.hash = screenHash(here);
    setLocation(null);
  }, []);
  return { location, close };
}
