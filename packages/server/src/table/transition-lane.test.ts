/** The process's lane of round transitions (docs/server.md "Actions first"). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSITIONS_IN_FLIGHT, TransitionLane } from './transition-lane.js';

const turnOfLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('TransitionLane', () => {
  it('runs at most maxInFlight turns at once, first asked first served; ending one starts the next', async () => {
    const lane = new TransitionLane(2);
    const started: number[] = [];
    const ends: (() => void)[] = [];
    for (let i = 0; i < 5; i++) {
      void lane.turn().then((end) => {
        started.push(i);
        ends[i] = end;
      });
    }
    await turnOfLoop();
    await turnOfLoop();
    expect(started).toEqual([0, 1]);
    expect(lane.inFlight).toBe(2);
    expect(lane.waiting).toBe(3);
    ends[1]();
    // Ended twice, it counts once: still one turn free, not two.
    ends[1]();
    await turnOfLoop();
    await turnOfLoop();
    expect(started).toEqual([0, 1, 2]);
    ends[0]();
    ends[2]();
    await turnOfLoop();
    await turnOfLoop();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    ends[3]();
    ends[4]();
    expect(lane.inFlight).toBe(0);
    expect(lane.waiting).toBe(0);
  });

  it('starts a free turn at the next check phase of the event loop, not in the tick that asked for it', async () => {
    const lane = new TransitionLane();
    let started = false;
    void lane.turn().then((end) => {
      started = true;
      end();
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toBe(false);
    await turnOfLoop();
    await Promise.resolve();
    expect(started).toBe(true);
  });

  it('refuses a maxInFlight that is not an integer ≥ 1', () => {
    expect(new TransitionLane().maxInFlight).toBe(DEFAULT_TRANSITIONS_IN_FLIGHT);
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => new TransitionLane(bad)).toThrow(RangeError);
  });
});
