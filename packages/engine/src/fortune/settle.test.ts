import { describe, expect, test } from 'vitest';
import { handOf } from '../notation/index.js';
import { FORTUNE_PAY_TABLE } from './pay-table.js';
import { settleFortune } from './settle.js';

describe('settleFortune: "to 1", integer cents (rules.md §4)', () => {
  test('a win keeps the stake and wins stake × pays', () => {
    // 5.00 on a flush at 4 to 1: +20.00 (the player gets 25.00 back in all).
    expect(settleFortune(500, handOf('Ah 9h 7h 4h 2h Kd Qc'), FORTUNE_PAY_TABLE)).toBe(2000);
    expect(settleFortune(100, handOf('9s 8h 7d 6c 5s Kd 2c'), FORTUNE_PAY_TABLE)).toBe(200);
    expect(settleFortune(1, handOf('As Ks Qs Js Ts 9s 8s'), FORTUNE_PAY_TABLE)).toBe(8000);
    expect(settleFortune(2500, handOf('As Ks Qs Js Ts 9s 8s'), FORTUNE_PAY_TABLE)).toBe(20_000_000);
  });

  test('a hand holding no line loses the stake', () => {
    expect(settleFortune(500, handOf('As Ad Kc Kh 5s 3d 2c'), FORTUNE_PAY_TABLE)).toBe(-500);
    expect(settleFortune(1, handOf('As Kd 9c 7h 5s 3d 2c'), FORTUNE_PAY_TABLE)).toBe(-1);
  });

  test('three of a kind with a straight is settled at 3 to 1, not 2 to 1', () => {
    expect(settleFortune(1000, handOf('9s 9h 9d 8c 7s 6h 5d'), FORTUNE_PAY_TABLE)).toBe(3000);
  });

  test('the pay table in force decides: an operator table, and a line paying 0 (stake returned)', () => {
    const table = { ...FORTUNE_PAY_TABLE, flush: 6, straight: 0 };
    expect(settleFortune(500, handOf('Ah 9h 7h 4h 2h Kd Qc'), table)).toBe(3000);
    expect(settleFortune(500, handOf('9s 8h 7d 6c 5s Kd 2c'), table)).toBe(0);
  });

  test('no bet moves nothing', () => {
    expect(settleFortune(0, handOf('As Kd 9c 7h 5s 3d 2c'), FORTUNE_PAY_TABLE)).toBe(0);
    expect(settleFortune(0, handOf('Ah 9h 7h 4h 2h Kd Qc'), FORTUNE_PAY_TABLE)).toBe(0);
  });

  test('refuses stakes that are not whole non-negative cents, and wins beyond exact integers', () => {
    const hand = handOf('Ah 9h 7h 4h 2h Kd Qc');
    expect(() => settleFortune(-500, hand, FORTUNE_PAY_TABLE)).toThrow(RangeError);
    expect(() => settleFortune(5.5, hand, FORTUNE_PAY_TABLE)).toThrow(RangeError);
    expect(() => settleFortune(Number.NaN, hand, FORTUNE_PAY_TABLE)).toThrow(RangeError);
    expect(() => settleFortune(Number.MAX_SAFE_INTEGER, handOf('As Ks Qs Js Ts 9s 8s'), FORTUNE_PAY_TABLE)).toThrow(/too large/);
  });
});
