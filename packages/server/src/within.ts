/** Waiting for an answer at most so long (the readiness checks, a table's save of its seats). */

/** `within`'s refusal: `work` did not settle in time (it goes on; nobody waits for it any more). */
export class NoAnswerInTime extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'NoAnswerInTime';
  }
}

/**
 * Waits for `work`, at most `ms` milliseconds.
 * @returns `work`'s value
 * @throws `work`'s error, or `NoAnswerInTime` when it has not settled after `ms`
 */
export async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NoAnswerInTime(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
