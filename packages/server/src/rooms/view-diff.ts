/**
 * What changed in a client's view (issue 11 point 4c: send each client only what changed for it). A table
 * sends every client its view after every change of the table; most changes touch a few seats, so a client
 * is sent only the fields that changed (a `view-patch`), and one whose view is the same as the one it has
 * gets nothing (unless the change acknowledges its own request). `serverNowMs` (the table's clock,
 * docs/protocol.md) alone does not make a view new: it moves with every change and the client only uses it
 * to correct its own clock.
 */
import type { TableView, TableViewPatch } from '@paigow/protocol';

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

/** Whether `seat` is a seat whose number is its index `index` (what `seatChanges` relies on). */
function isSeatAt(seat: unknown, index: number): boolean {
  return typeof seat === 'object' && seat !== null && (seat as { seat?: unknown }).seat === index;
}

/**
 * What of `seats` a patch carries from `before` to `after`: `null` when they are the same; the seats that changed as
 * `seatChanges` when both are as many seats each at its own number and some but not all changed; else `seats` whole.
 * One pass: each seat compared once.
 */
function seatsPatch(before: unknown, after: unknown): { seatChanges: unknown[] } | { seats: unknown } | null {
  if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) {
    return sameJson(before, after) ? null : { seats: after === undefined ? null : after };
  }
  const changed: unknown[] = [];
  let whole = false;
  for (let i = 0; i < after.length; i++) {
    if (sameJson(before[i], after[i])) continue;
    changed.push(after[i]);
    if (!isSeatAt(after[i], i)) whole = true;
  }
  if (changed.length === 0) return null;
  return whole || changed.length === after.length ? { seats: after } : { seatChanges: changed };
}

/**
 * What a client whose last view was `previous` needs to be sent to see `next` (`view-patch.ts`): the top-level
 * fields that differ, with `serverNowMs` and `ack`, the seats that changed as `seatChanges` when not all did; `null`
 * when `next` shows it nothing new (every field equal but `serverNowMs` and `ack`). A field `previous` has and `next`
 * lacks is sent as `null` (the view's optional fields are nullable), so that applying the patch never leaves a stale value.
 */
export function viewPatch(previous: TableView, next: TableView): TableViewPatch | null {
  const before = previous as unknown as Record<string, unknown>;
  const after = next as unknown as Record<string, unknown>;
  const patch: Record<string, unknown> = { serverNowMs: next.serverNowMs, ack: next.ack };
  let changed = false;
  for (const key in after) {
    if (key === 'serverNowMs' || key === 'ack') continue;
    if (key === 'seats') {
      const seats = seatsPatch(before.seats, after.seats);
      if (seats === null) continue;
      Object.assign(patch, seats);
    } else {
      if (sameJson(before[key], after[key])) continue;
      patch[key] = after[key] === undefined ? null : after[key];
    }
    changed = true;
  }
  for (const key in before) {
    if (key in after || before[key] === undefined) continue;
    patch[key] = null;
    changed = true;
  }
  return changed ? (patch as TableViewPatch) : null;
}
