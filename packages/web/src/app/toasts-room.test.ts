/** The notices at the top of a phone's window end above the felt's spots and controls (a tester: they covered Clear, Undo and Double). */
import { describe, expect, it } from 'vitest';
import { TOASTS_GAP_PX, TOASTS_MIN_PX, topRoomPx } from './Toasts.js';

const box = (top: number, left: number, right: number, height = 40) => ({ top, left, right, width: right - left, height });

describe('the room of notices at the top of a phone', () => {
  it('ends a gap above the highest needed box under them', () => {
    expect(topRoomPx({ top: 4, left: 6, right: 354 }, [box(300, 10, 350), box(240, 20, 120), box(560, 0, 360)], 740)).toBe(240 - TOASTS_GAP_PX - 4);
  });

  it('skips boxes beside them (a landscape phone) and boxes not drawn; the window when nothing is under them', () => {
    const toasts = { top: 4, left: 6, right: 336 };
    expect(topRoomPx(toasts, [box(60, 360, 660), { top: 0, left: 0, right: 0, width: 0, height: 0 }, box(200, 17, 347)], 375)).toBe(200 - TOASTS_GAP_PX - 4);
    expect(topRoomPx(toasts, [], 375)).toBe(375 - TOASTS_GAP_PX - 4);
  });

  it('is at least the tallest notice, up to half the window, so that each reads whole once scrolled to', () => {
    const toasts = { top: 4, left: 6, right: 354 };
    expect(topRoomPx(toasts, [box(124, 10, 350)], 740, 130.4)).toBe(131);
    expect(topRoomPx(toasts, [box(124, 10, 350)], 740, 90)).toBe(124 - TOASTS_GAP_PX - 4);
    expect(topRoomPx(toasts, [box(124, 10, 350)], 740, 500)).toBe(370);
  });

  it('keeps at least one line', () => {
    expect(topRoomPx({ top: 4, left: 0, right: 100 }, [box(20, 0, 100)], 740)).toBe(TOASTS_MIN_PX);
  });
});
