/**
 * The browser's two storages, each `null` where there is none (tests, a server render) or access is refused (a
 * private window): what the client remembers is never an error to lose. One place for both, so every memory of the
 * client (the sound setting, a seat to return to, an unfinished low hand) reads them the same way.
 */

/** The browser's localStorage (this browser, every tab, across visits), or `null`. */
export function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The tab's sessionStorage (this tab only, over reloads), or `null`. */
export function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
