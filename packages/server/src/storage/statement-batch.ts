/**
 * Statements that may wait a little so that many go in one (issue 11 point 4c: batch what can be batched): the
 * coach's grades, the inbox's acknowledgements, the records of players' settings, the balance checks before bets.
 * Items added within `delayMs` of the first are handled together by one call of `write`; each `add` settles with
 * that call's result.
 */
export class StatementBatch<T, R = void> {
  private pending: { readonly item: T; readonly written: (result: R) => void; readonly failed: (error: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | null = null;

  /**
   * @param delayMs how long the first item of a batch waits for others, ms
   * @param write writes a batch and returns what its items' callers learn (throws or rejects: every item of it fails with that error)
   */
  constructor(
    private readonly delayMs: number,
    private readonly write: (items: readonly T[]) => Promise<R>,
  ) {}

  /**
   * Adds `item` to the next batch.
   * @returns resolves with the batch's `write` result once it is written; rejects with the batch's error
   */
  add(item: T): Promise<R> {
    return new Promise<R>((written, failed) => {
      this.pending.push({ item, written, failed });
      this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
    });
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    try {
      const result = await this.write(batch.map((entry) => entry.item));
      for (const entry of batch) entry.written(result);
    } catch (error) {
      for (const entry of batch) entry.failed(error);
    }
  }
}
