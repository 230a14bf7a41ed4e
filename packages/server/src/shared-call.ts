/** One answer for many callers (the scrapes' database reads, `/metrics`' text, `/readyz`'s pings). */

/** How `sharedCall` shares: how long an answer is given again, and how long a call still running is waited for. */
export interface SharingOptions {
  /** How long after its answer came a call's answer is given again, ms (default 0: only while it runs). */
  readonly reuseMs?: number;
  /**
   * How long a call still running is shared, ms (default: as long as it runs): past it the next caller starts its own
   * (a partitioned database may never answer the first).
   */
  readonly staleMs?: number;
  /** The clock, ms (default `performance.now`). */
  readonly nowMs?: () => number;
}

/**
 * `call`, shared: a caller while an earlier call runs gets that call's promise, and so does one within `reuseMs` of its
 * answer; a call that rejects is not given again once it has (the next caller calls anew).
 * @returns the shared `call`; it rejects as `call` does
 */
export function sharedCall<T>(call: () => Promise<T>, options: SharingOptions = {}): () => Promise<T> {
  const { reuseMs = 0, staleMs = Infinity, nowMs = () => performance.now() } = options;
  let last: { readonly answer: Promise<T>; readonly startedMs: number; answeredMs: number | null } | null = null;
  return () => {
    const now = nowMs();
    if (last !== null && (last.answeredMs === null ? now - last.startedMs < staleMs : now - last.answeredMs < reuseMs)) return last.answer;
    const current: { readonly answer: Promise<T>; readonly startedMs: number; answeredMs: number | null } = { answer: call(), startedMs: now, answeredMs: null };
    last = current;
    // Also the handler of a rejection nobody waits for any more (every caller may have given up on it).
    current.answer.then(
      () => (current.answeredMs = nowMs()),
      () => {
        if (last === current) last = null;
      },
    );
    return current.answer;
  };
}
