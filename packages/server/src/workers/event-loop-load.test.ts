/** `EventLoopLoad` tells a busy event loop from an idle one (the grade pool yields to a busy main thread). */
import { describe, expect, it } from 'vitest';
import { EventLoopLoad } from './event-loop-load.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventLoopLoad', () => {
  it('reads near 1 while the loop runs callbacks all the time, near 0 while it waits', async () => {
    const load = new EventLoopLoad(300);
    try {
      // Busy: callbacks of 20 ms each, back to back, for 700 ms (two complete windows).
      const until = performance.now() + 700;
      while (performance.now() < until) {
        await new Promise<void>((resolve) =>
          setImmediate(() => {
            const end = performance.now() + 20;
            while (performance.now() < end) {
              // spin
            }
            resolve();
          }),
        );
      }
      expect(load.utilization).toBeGreaterThan(0.8);
      await sleep(700);
      expect(load.utilization).toBeLessThan(0.2);
    } finally {
      load.close();
    }
  });
});
