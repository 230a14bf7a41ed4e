/**
 * Reading the JSON the ledger stores in text columns (a round's private record, its public part, its result).
 * A value that is not JSON (a file damaged, a row edited by hand) reads as `null`, which every reader already
 * takes as "unreadable": recovery refunds a round whose record it cannot read (docs/server.md "Recovery"), and
 * a proof is built without it. `JSON.parse`'s SyntaxError escaped instead: recovery failed for good on such a
 * round, and `GET /api/rounds/<id>/fairness` answered 400 "the body is not JSON" to a request without a body.
 */

/** `text` parsed as JSON, or `null` when it is not JSON. */
export function storedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
