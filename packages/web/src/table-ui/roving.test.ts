/**
 * Roving focus in the chip rack and the bet tools (issue 14 point 5): one Tab stop, the arrow keys between
 * the enabled controls.
 */
import { describe, expect, it } from 'vitest';
import { rovingMove, rovingStop } from './roving.js';

describe('rovingStop', () => {
  it('keeps the Tab stop on the control last focused while it is enabled, else the first enabled', () => {
    expect(rovingStop([true, true, true], 2)).toBe(2);
    expect(rovingStop([false, true, false], 2)).toBe(1);
    expect(rovingStop([false, true, true], -1)).toBe(1);
    expect(rovingStop([false, false], 0)).toBe(-1);
  });
});

describe('rovingMove', () => {
  const enabled = [true, false, true, true];
  it('moves to the next and previous enabled control, wrapping around', () => {
    expect(rovingMove(enabled, 0, 'ArrowRight')).toBe(2);
    expect(rovingMove(enabled, 3, 'ArrowRight')).toBe(0);
    expect(rovingMove(enabled, 2, 'ArrowLeft')).toBe(0);
    expect(rovingMove(enabled, 0, 'ArrowUp')).toBe(3);
    expect(rovingMove(enabled, 0, 'ArrowDown')).toBe(2);
  });
  it('goes to the first and last enabled control with Home and End', () => {
    expect(rovingMove([false, true, true, false], 2, 'Home')).toBe(1);
    expect(rovingMove([false, true, true, false], 1, 'End')).toBe(2);
  });
  it('leaves other keys and toolbars with nothing enabled alone', () => {
    expect(rovingMove(enabled, 0, 'Enter')).toBeNull();
    expect(rovingMove([false, false], 0, 'ArrowRight')).toBeNull();
  });
});
