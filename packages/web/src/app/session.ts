/**
 * The signed-in session (`Session`) and the browser's memory of it: the session token in localStorage (a reload resumes the
 * session, docs/protocol.md "Connecting"), and the route in the URL hash (a reload returns to the
 * same screen: `#/` lobby, `#/table/<tableId>`, `#/verify/<roundId>`, `#/fairness-audit`).
 */
import type { PlayerSummary } from '@paigow/protocol';

/** The signed-in session: token and the player as last known. */
export interface Session {
  readonly token: string;
  readonly player: PlayerSummary;
}

const TOKEN_KEY = 'paigow.session';

/** The stored session token, or `null`. */
export function loadToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores the session token (`null` forgets it). */
export function saveToken(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(TOKEN_KEY);
    else window.localStorage.setItem(TOKEN_KEY, token);
  } catch {
    /* private mode: the session lasts until the tab closes */
  }
}

/** A screen of the app. */
export type Route =
  | { readonly screen: 'lobby' }
  | { readonly screen: 'table'; readonly tableId: string }
  /**
   * The verify page of a round's provably fair proof (issue 15); `you`, when the link came from the player's
   * history, is its seat in the round (the protocol's, from 0) or `'banker'`: the page marks it "(you)".
   */
  | { readonly screen: 'verify'; readonly roundId: string; readonly you?: number | 'banker' }
  /** The fairness audit page. */
  | { readonly screen: 'fairness-audit' }
  /** The house-way lab (issue 16): two house ways side by side. */
  | { readonly screen: 'house-way-lab' }
  /** The coach (issue 17): the strategy tax and the costliest settings. */
  | { readonly screen: 'coach' }
  /** The trainer (issue 17): set dealt hands, graded at once, no money. */
  | { readonly screen: 'trainer' }
  /** The daily challenge (issue 17): the same 50 hands for everyone. */
  | { readonly screen: 'daily' };

/** Reads the route from a location hash (`#/table/table-1`, `#/verify/<roundId>`). */
export function parseRoute(hash: string): Route {
  const verify = /^#\/verify\/([^/?#]+)(?:\?you=(banker|\d{1,2})\b)?/.exec(hash);
  if (verify) {
    const roundId = decodeURIComponent(verify[1]);
    const you = verify[2] === undefined ? undefined : verify[2] === 'banker' ? 'banker' : Number(verify[2]);
    return you === undefined ? { screen: 'verify', roundId } : { screen: 'verify', roundId, you };
  }
  if (/^#\/fairness-audit\b/.test(hash)) return { screen: 'fairness-audit' };
  if (/^#\/house-way-lab\b/.test(hash)) return { screen: 'house-way-lab' };
  if (/^#\/coach\b/.test(hash)) return { screen: 'coach' };
  if (/^#\/trainer\b/.test(hash)) return { screen: 'trainer' };
  if (/^#\/daily\b/.test(hash)) return { screen: 'daily' };
  const m = /^#\/table\/([^/?#]+)/.exec(hash);
  return m ? { screen: 'table', tableId: decodeURIComponent(m[1]) } : { screen: 'lobby' };
}

/**
 * The address of a route for a link that opens a new tab (`target="_blank"`): its hash after `?lang=` with the
 * language `lng` the page speaks, so the new tab speaks it too (a player's finding: Verify, opened from the history
 * of a visit in German through `?lang=de`, was in English, and so was Coach opened there; a `?lang=` link lasts
 * for the visit, packages/web/README.md).
 */
export function newTabHref(route: Route, lng: string): string {
  return `?lang=${encodeURIComponent(lng)}${routeHash(route)}`;
}

/** The location hash of a route. */
export function routeHash(route: Route): string {
  if (route.screen === 'verify') return `#/verify/${encodeURIComponent(route.roundId)}${route.you === undefined ? '' : `?you=${route.you}`}`;
  if (route.screen === 'fairness-audit') return '#/fairness-audit';
  if (route.screen === 'house-way-lab') return '#/house-way-lab';
  if (route.screen === 'coach') return '#/coach';
  if (route.screen === 'trainer') return '#/trainer';
  if (route.screen === 'daily') return '#/daily';
  return route.screen === 'table' ? `#/table/${encodeURIComponent(route.tableId)}` : '#/';
}
