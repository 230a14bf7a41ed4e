import { describe, expect, it } from 'vitest';
import { sharedCall } from './shared-call.js';

/** A call whose answers the test gives by hand, counting the calls. */
function controlled() {
  const answers: { resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  const call = () => new Promise<number>((resolve, reject) => answers.push({ resolve, reject }));
  return { call, answers };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedCall', () => {
  it('gives a running call to every caller, then calls anew once it has answered (reuseMs 0)', async () => {
    const { call, answers } = controlled();
    const shared = sharedCall(call);
    const [a, b] = [shared(), shared()];
    expect(answers.length).toBe(1);
    answers[0].resolve(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    await turn();
    void shared();
    expect(answers.length).toBe(2);
  });

  it('gives an answer again within reuseMs of it, and a call running past staleMs to nobody new', async () => {
    let nowMs = 0;
    const { call, answers } = controlled();
    const reused = sharedCall(call, { reuseMs: 1_000, nowMs: () => nowMs });
    const first = reused();
    answers[0].resolve(1);
    await first;
    await turn();
    nowMs = 999;
    expect(await reused()).toBe(1);
    nowMs = 2_000;
    void reused();
    expect(answers.length).toBe(2);

    const bounded = sharedCall(call, { staleMs: 500, nowMs: () => nowMs });
    void bounded();
    nowMs = 2_499;
    void bounded();
    expect(answers.length).toBe(3);
    nowMs = 2_500;
    void bounded();
    expect(answers.length).toBe(4);
  });

  it('does not give a rejected call again', async () => {
    const { call, answers } = controlled();
    const shared = sharedCall(call, { reuseMs: 60_000 });
    const failed = shared();
    answers[0].reject(new Error('no'));
    await expect(failed).rejects.toThrow('no');
    await turn();
    void shared();
    expect(answers.length).toBe(2);
  });
});
