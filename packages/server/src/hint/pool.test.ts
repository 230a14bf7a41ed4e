import { afterAll, describe, expect, it } from 'vitest';
import { cards, formatCard, handOf, HINT_SAMPLES, houseWay, houseWays, type Hand } from '@paigow/engine';
import { workerExecArgv } from '../workers/pool.js';
import { HintPool } from './pool.js';

describe('the hint pool (worker threads)', () => {
  const computeMs: number[] = [];
  const pool = new HintPool({ size: 1, onComputed: (ms) => computeMs.push(ms) });
  afterAll(() => pool.close());

  it('starts no worker before it is needed', () => {
    expect(pool.running).toBe(0);
  });

  it('computes hints in a worker thread: the house way and a best setting no worse, HINT_SAMPLES samples', async () => {
    const hand = handOf('As Kd 9c 7h 5s 3d 2c');
    const hint = await pool.compute(hand, 500);
    expect(pool.running).toBe(1);
    expect(hint.samples).toBe(HINT_SAMPLES);
    expect(hint.houseWay.low).toEqual(houseWay(hand).low.map(formatCard));
    expect(hint.best.ev).toBeGreaterThanOrEqual(hint.houseWay.ev);
    expect(computeMs).toHaveLength(1);
    expect(computeMs[0]).toBeGreaterThan(0);
  });

  it("compares with the table's house way: a Foxwoods table's hint names the Foxwoods setting", async () => {
    const hand = handOf('Ah Kh Kd Qc Jc Ts 3d');
    const hint = await pool.compute(hand, 500, 'foxwoods');
    expect(hint.houseWay.rule).toBe('7.one-pair-ace-front');
    expect(hint.houseWay.low).toEqual(houseWays.foxwoods.set(hand).low.map(formatCard));
    expect((await pool.compute(hand, 500)).houseWay.rule).toBe(houseWay(hand).rule);
  });

  it('queues hints when every worker is busy and answers each', async () => {
    const hands = ['Jk Ah Kh Qh 7c 7d 2s', 'Ks Kd 4c 4h Qs 9d 2c', 'Ts Td 9c 9h 5s 5d Kc'].map((text) => handOf(text));
    const hints = await Promise.all(hands.map((hand) => pool.compute(hand, 0)));
    hints.forEach((hint, i) => expect(hint.houseWay.rule).toBe(houseWay(hands[i]).rule));
    expect(pool.running).toBe(1);
  });

  it('fails a hint the engine refuses, and goes on working', async () => {
    // Three cards that got past the types: the worker checks the cards it is sent (a thread is an edge).
    await expect(pool.compute(cards('As Kd 9c') as unknown as Hand, 500)).rejects.toThrow(/7 cards/);
    const hint = await pool.compute(handOf('As Kd 9c 7h 5s 3d 2c'), 500);
    expect(hint.best.low).toHaveLength(2);
  });

  it('fails a hint that takes too long and replaces the worker', async () => {
    const slow = new HintPool({ size: 1, timeoutMs: 5 });
    try {
      await expect(slow.compute(handOf('As Kd 9c 7h 5s 3d 2c'), 500)).rejects.toThrow(/more than 5 ms/);
      expect(slow.running).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it('refuses work once closed, and fails what was waiting', async () => {
    const other = new HintPool({ size: 1 });
    const waiting = expect(other.compute(handOf('As Kd 9c 7h 5s 3d 2c'), 500)).rejects.toThrow(/closed/);
    await other.close();
    await waiting;
    await expect(other.compute(handOf('As Kd 9c 7h 5s 3d 2c'), 500)).rejects.toThrow(/closed/);
    expect(other.running).toBe(0);
  });

  it('runs the worker on the built engine: drops the test-only @paigow/source condition', () => {
    expect(workerExecArgv(['--require', 'x.cjs', '--conditions', '@paigow/source', '--conditions', 'node', '-C=@paigow/source'])).toEqual([
      '--require',
      'x.cjs',
      '--conditions',
      'node',
    ]);
  });
});
