/**
 * How busy this thread's event loop has been lately: Node's event-loop utilization (the share of the time the
 * loop spent running callbacks rather than waiting for I/O or timers), measured over windows of `windowMs`.
 * Unlike the event loop's delay, other processes loading the machine barely change it: it measures this
 * thread's own work.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** The load of the event loop of the thread that made it; `close()` it when done. */
export class EventLoopLoad {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private share = 0;
  private readonly timer: NodeJS.Timeout;

  /** @param windowMs the length of a measured window, ms (default 1,000) */
  constructor(windowMs = 1_000) {
    this.timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      this.share = performance.eventLoopUtilization(now, this.last).utilization;
      this.last = now;
    }, windowMs);
    this.timer.unref();
  }

  /** The utilization over the last complete window, 0–1 (0 before the first window ends). */
  get utilization(): number {
    return this.share;
  }

  /** Stops measuring. */
  close(): void {
    clearInterval(this.timer);
  }
}
