/**
 * The browser's storage, `null` where there is none (tests, a server render) or access is refused (a private
 * window): what the client remembers is never an error to lose. One place, so every memory of the client (the sound
 * setting, a seat to return to, an unfinished low hand) reads it the same way.
 */

/** The browser's localStorage (this browser, every tab, across visits), or `null`. */
export function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
