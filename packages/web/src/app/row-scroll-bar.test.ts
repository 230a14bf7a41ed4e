/**
 * The seats' scroll bar on a phone (useRowScrollBar.ts): the thumb is as wide as the part of the row in view and
 * where that part is; no bar while the row does not overflow.
 */
import { describe, expect, it } from 'vitest';
import { scrollThumb } from './useRowScrollBar.js';

describe('scrollThumb', () => {
  it('draws no bar while the row fits (or overflows by a rounding pixel)', () => {
    expect(scrollThumb({ scrollWidth: 329, clientWidth: 329, scrollLeft: 0 })).toBeNull();
    expect(scrollThumb({ scrollWidth: 330, clientWidth: 329, scrollLeft: 0 })).toBeNull();
    expect(scrollThumb({ scrollWidth: 0, clientWidth: 0, scrollLeft: 0 })).toBeNull();
  });

  it('puts the thumb at the start, at the end, and in between, as wide as the part in view', () => {
    // 332 px of a 409 px row in view: the thumb is 81% of the track.
    expect(scrollThumb({ scrollWidth: 409, clientWidth: 332, scrollLeft: 0 })).toEqual({ start: 0, size: 332 / 409 });
    const end = scrollThumb({ scrollWidth: 409, clientWidth: 332, scrollLeft: 77 })!;
    expect(end.start + end.size).toBeCloseTo(1, 10);
    const half = scrollThumb({ scrollWidth: 400, clientWidth: 200, scrollLeft: 100 })!;
    expect(half).toEqual({ start: 0.25, size: 0.5 });
  });

  it('keeps the thumb on the track when the browser overscrolls (iOS bounce) or rounds past the end', () => {
    expect(scrollThumb({ scrollWidth: 400, clientWidth: 200, scrollLeft: -30 })).toEqual({ start: 0, size: 0.5 });
    expect(scrollThumb({ scrollWidth: 400, clientWidth: 200, scrollLeft: 230 })).toEqual({ start: 0.5, size: 0.5 });
  });
});
