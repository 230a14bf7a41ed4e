/**
 * Whether a client's view changed (issue 11 point 4c: send a client a view only when its view changed).
 * A table sends every client its view after every change of the table; most changes touch a few seats,
 * and a client whose view is the same as the one it has gets nothing (unless the change acknowledges its
 * own request). `serverNowMs` (the table's clock, docs/protocol.md) alone does not make a view new: it
 * moves with every change and the client only uses it to correct its own clock.
 */
import type { TableView } from '@paigow/protocol';

/** Deep equality of two JSON-like values (plain objects, arrays, strings, numbers, booleans, null). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (left[key] === undefined) continue;
    keys += 1;
    if (!sameJson(left[key], right[key])) return false;
  }
  for (const key in right) if (right[key] !== undefined) keys -= 1;
  return keys === 0;
}

/**
 * True when `next` shows the client nothing `previous` (the last view it was sent, or undefined) did not:
 * every field equal but `serverNowMs` and `ack`.
 */
export function sameView(previous: TableView | undefined, next: TableView): boolean {
  if (previous === undefined) return false;
  const before = previous as unknown as Record<string, unknown>;
  const after = next as unknown as Record<string, unknown>;
  // The fields that change most often first, so that a changed view is told apart quickly.
  for (const key of FIRST) if (!sameJson(before[key], after[key])) return false;
  for (const key in after) {
    if (key === 'serverNowMs' || key === 'ack' || FIRST.includes(key)) continue;
    if (!sameJson(before[key], after[key])) return false;
  }
  for (const key in before) if (!(key in after)) return false;
  return true;
}

/** The view's fields compared first: those most changes touch. */
const FIRST: readonly string[] = ['phase', 'roundId', 'seats', 'you', 'banker'];
