import { describe, expect, test } from 'vitest';
import { handOf } from '../notation/index.js';
import { DEFAULT_ENVY_BONUS, ENVY_BONUS_TABLE, ENVY_LINES, envyBonus, envyLine, parseEnvyBonusTable, type EnvyBonusRules, type EnvySeat } from './envy.js';

const ON: EnvyBonusRules = { ...DEFAULT_ENVY_BONUS, enabled: true };

// Five hands dealt from one deck (35 distinct cards).
const QUADS = handOf('7s 7h 7d 7c 8d 2c 9d');
const ROYAL = handOf('Ad Kd Qd Jd Td 4s 3c');
const NOTHING = handOf('8s 6h 4h 2h Qc Tc 3s');
const FLUSH = handOf('Kh 9h Ah 8h 3h Jc 4c');
const BANKER_QUADS = handOf('5s 5h 5d 5c 9c 9s 2s');

describe('envyLine', () => {
  test('four of a kind or better qualifies, on the line with the largest amount', () => {
    expect(envyLine(QUADS)).toBe('four_of_a_kind');
    expect(envyLine(ROYAL)).toBe('royal_flush');
    expect(envyLine(handOf('As Ah Ad Ac Jk 7d 2c'))).toBe('five_aces');
    expect(envyLine(handOf('As Ks Qs Js Ts Kh Qh'))).toBe('royal_flush_plus_royal_match');
    expect(envyLine(handOf('Jk 6d 5d 4d 3d 2d Ad'))).toBe('seven_card_straight_flush_with_joker');
    expect(envyLine(FLUSH)).toBeNull();
    expect(envyLine(handOf('Ks Kh Kd 2c 2d 9h 5s'))).toBeNull();
  });
});

describe('envyBonus (rules.md §4: optional, off by default)', () => {
  const seats: EnvySeat[] = [
    { fortuneBetCents: 500, cards: QUADS, isBanker: false },
    { fortuneBetCents: 1000, cards: ROYAL, isBanker: false },
    { fortuneBetCents: 500, cards: NOTHING, isBanker: false },
    { fortuneBetCents: 499, cards: FLUSH, isBanker: false },
    { fortuneBetCents: 0, cards: BANKER_QUADS, isBanker: true },
  ];

  test('the table is one deck', () => {
    expect(new Set(seats.flatMap((s) => s.cards)).size).toBe(35);
  });

  test('two qualifying hands at the table: each eligible player is paid for every other one', () => {
    const payouts = envyBonus(seats, ON);
    // Seat 0 (quads) earns the royal only: never its own hand, never the banker's four fives.
    expect(payouts[0]).toEqual({ amountCents: 5000, sources: [{ seat: 1, line: 'royal_flush' }] });
    // Seat 1 (royal) earns the quads only.
    expect(payouts[1]).toEqual({ amountCents: 500, sources: [{ seat: 0, line: 'four_of_a_kind' }] });
    // Seat 2 (nothing of its own) earns both.
    expect(payouts[2]).toEqual({
      amountCents: 5500,
      sources: [
        { seat: 0, line: 'four_of_a_kind' },
        { seat: 1, line: 'royal_flush' },
      ],
    });
    // Seat 3 bet 4.99, below the 5.00 threshold; the banker bet nothing.
    expect(payouts[3]).toEqual({ amountCents: 0, sources: [] });
    expect(payouts[4]).toEqual({ amountCents: 0, sources: [] });
  });

  test('the banker’s hand never counts, even when it is the only qualifying hand', () => {
    const banker: EnvySeat = { fortuneBetCents: 0, cards: handOf('As Ah Ad Ac Jk 7d 2c'), isBanker: true };
    const player: EnvySeat = { fortuneBetCents: 500, cards: NOTHING, isBanker: false };
    expect(envyBonus([player, banker], ON)).toEqual([
      { amountCents: 0, sources: [] },
      { amountCents: 0, sources: [] },
    ]);
  });

  test('a banking player with a Fortune bet at the threshold earns from the players’ hands', () => {
    const banker: EnvySeat = { fortuneBetCents: 500, cards: NOTHING, isBanker: true };
    const player: EnvySeat = { fortuneBetCents: 0, cards: QUADS, isBanker: false };
    expect(envyBonus([banker, player], ON)[0]).toEqual({ amountCents: 500, sources: [{ seat: 1, line: 'four_of_a_kind' }] });
  });

  test('off by default: nobody earns anything', () => {
    expect(DEFAULT_ENVY_BONUS.enabled).toBe(false);
    expect(envyBonus(seats, DEFAULT_ENVY_BONUS).every((p) => p.amountCents === 0 && p.sources.length === 0)).toBe(true);
  });

  test('threshold and amounts are table settings', () => {
    const rules: EnvyBonusRules = { enabled: true, minFortuneBetCents: 100, amountsCents: { ...ENVY_BONUS_TABLE, four_of_a_kind: 1000 } };
    const payouts = envyBonus(seats, rules);
    expect(payouts[3].amountCents).toBe(6000);
    expect(payouts[1].amountCents).toBe(1000);
    // A zero threshold still needs a Fortune bet.
    expect(envyBonus(seats, { ...rules, minFortuneBetCents: 0 })[4].amountCents).toBe(0);
  });

  test('refuses bad bets and settings', () => {
    const seat = (fortuneBetCents: number): EnvySeat => ({ fortuneBetCents, cards: NOTHING, isBanker: false });
    expect(() => envyBonus([seat(-1)], ON)).toThrow(RangeError);
    expect(() => envyBonus([seat(2.5)], ON)).toThrow(RangeError);
    expect(() => envyBonus([seat(500)], { ...ON, minFortuneBetCents: -5 })).toThrow(expect.objectContaining({ code: 'config/invalid' }));
    expect(() => envyBonus([seat(500)], { ...ON, amountsCents: { ...ENVY_BONUS_TABLE, royal_flush: 1.5 } })).toThrow(
      expect.objectContaining({ code: 'config/invalid' }),
    );
  });
});

describe('ENVY_BONUS_TABLE and parseEnvyBonusTable', () => {
  test('the common casino amounts, in cents', () => {
    expect(ENVY_BONUS_TABLE).toEqual({
      seven_card_straight_flush_natural: 500_000,
      royal_flush_plus_royal_match: 100_000,
      seven_card_straight_flush_with_joker: 50_000,
      five_aces: 25_000,
      royal_flush: 5_000,
      straight_flush: 2_500,
      four_of_a_kind: 500,
    });
    expect(Object.keys(ENVY_BONUS_TABLE)).toEqual([...ENVY_LINES]);
  });

  test('parses a valid table and refuses lines below four of a kind, missing lines, negative amounts', () => {
    expect(parseEnvyBonusTable(JSON.stringify(ENVY_BONUS_TABLE))).toEqual({ ok: true, value: ENVY_BONUS_TABLE });
    const below = parseEnvyBonusTable({ ...ENVY_BONUS_TABLE, full_house: 100 });
    expect(below).toEqual({ ok: false, error: { code: 'config/invalid', message: expect.stringMatching(/unknown line 'full_house'/) } });
    const missing = parseEnvyBonusTable({ four_of_a_kind: 500 });
    expect(missing).toEqual({ ok: false, error: { code: 'config/invalid', message: expect.stringMatching(/^envy bonus table: missing lines/) } });
    const negative = parseEnvyBonusTable({ ...ENVY_BONUS_TABLE, five_aces: -1 });
    expect(negative).toEqual({ ok: false, error: { code: 'config/invalid', message: expect.stringMatching(/'five_aces' must not be negative/) } });
  });
});
