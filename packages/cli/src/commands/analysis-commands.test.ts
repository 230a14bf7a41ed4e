/**
 * `paigow set`, `paigow analyze`, `paigow simulate` and `paigow enumerate house-way` as users run them:
 * JSON shapes, bulk mode, bad input. (The full house-way sweep is checked by `.ci/run`.)
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { compareForDisplay, formatCard, parseCards, unwrap } from '@paigow/engine';
import { buildCli, expectBadInput, json, paigow } from '../testing/cli.js';

/** The cards in the CLI's one order for a hand: highest first, the joker above the aces, equal ranks s h d c (`compareForDisplay`). */
const displayOrder = (cards: readonly string[]): string[] => unwrap(parseCards([...cards])).sort(compareForDisplay).map(formatCard);

beforeAll(buildCli, 120_000);

describe('paigow --version', () => {
  it('prints the version', () => {
    const r = paigow(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('prints one JSON document with --json, before or after --version (it printed the bare version)', () => {
    const version = paigow(['--version']).stdout.trim();
    for (const args of [['--version', '--json'], ['--json', '--version'], ['--json', '-V']]) {
      const r = paigow(args);
      expect(r).toMatchObject({ status: 0, stderr: '' });
      expect(r.stdout).toBe(`${JSON.stringify({ version })}\n`);
    }
  });
});

describe('paigow set', () => {
  it('prints the house way with its rule and explanation', () => {
    const report = json(['set', 'Ks Kd 4c 4h Qs 9d 2c']) as Record<string, unknown>;
    expect(report).toMatchObject({ low: ['4h', '4c'], rule: '8.split-sevens-no-ace', explanationKey: 'houseWay.8.split-sevens-no-ace' });
    expect(report.high).toHaveLength(5);
    expect(report.explanation).toMatch(/split, the lower pair \(4h 4c\)/);
  });
  it('prints a readable table with the explanation', () => {
    const r = paigow(['set', 'As', 'Kd', '9c', '7h', '5s', '3d', '2c']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('10.no-pair');
    expect(r.stdout).toContain('No pair: the highest card stays in the high hand');
  });
  it('bulk mode: one JSON line per input line, bad lines reported in place', () => {
    const r = paigow(['set', '-'], '8s 8d Kc Qh 5s 3d 2c\nAs As Kd 9c 7h 5s 3d\n4s 4d 4c 4h Kd 9c 2s\n');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ cards: '8s 8d Kc Qh 5s 3d 2c', rule: '9.one-pair' });
    expect(lines[1]).toMatchObject({ cards: 'As As Kd 9c 7h 5s 3d', code: 'card/duplicate' });
    expect(lines[2]).toMatchObject({ rule: '2.quads-low-kept', low: ['Kd', '9c'] });
  });
  it('refuses six cards and a second joker', () => {
    expectBadInput(paigow(['set', 'As Kd 9c 7h 5s 3d']), 'expected 7 cards, got 6');
    expectBadInput(paigow(['set', 'Jk Jk 9c 7h 5s 3d 2c']), 'the deck holds one joker; a second joker was given');
  });
});

describe('paigow analyze', () => {
  it('sampled: every setting with win + push + loss = 1, the best and the house way marked', () => {
    const report = json(['analyze', 'As Kd 9c 7h 5s 3d 2c', '--samples', '20000', '--seed', '3']) as {
      settings: { legal: boolean; win: number; push: number; loss: number; ev: number }[];
      best: { ev: number };
      houseWay: { low: string[]; rule: string; ev: number };
      houseWayGivesUp: number;
      method: string;
    };
    expect(report.method).toBe('sampled');
    expect(report.settings).toHaveLength(21);
    for (const s of report.settings) expect(s.win + s.push + s.loss).toBeCloseTo(1, 10);
    expect(report.houseWay).toMatchObject({ low: ['Kd', '9c'], rule: '10.no-pair' });
    expect(report.best.ev).toBe(Math.max(...report.settings.map((s) => s.ev)));
    expect(report.houseWayGivesUp).toBeCloseTo(report.best.ev - report.houseWay.ev, 12);
  });

  it('readable: every column headed, the one that marks the best setting and the house way\'s too', () => {
    const r = paigow(['analyze', 'As Kd 9c 7h 5s 3d 2c', '--samples', '1000', '--seed', '1']);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    const [header, rule] = r.stdout.split('\n');
    // Seven dash groups under seven headings (the marks' column had none).
    expect(rule.split(/\s+/)).toHaveLength(7);
    expect(header.trim().split(/\s{2,}/)).toEqual(['high hand', 'low hand', 'win', 'push', 'loss', 'EV', 'note']);
    expect(r.stdout).toMatch(/\s(best|house way)(, house way)?\n/);
    // One banker hand has no interval: its 0 margin read as an exact result.
    expectBadInput(paigow(['analyze', 'As Kd 9c 7h 5s 3d 2c', '--samples', '1']), "--samples must be a whole number from 2 to 1,000,000,000, got '1'");
  });
  it('gives every setting in the order paigow set gives its hands: highest card first (it gave them in the order of the 21 settings)', () => {
    const hand = 'Ad 2d 3d 4d 7d Jd Jk';
    type Row = { high: string[]; low: string[] };
    for (const houseWay of ['seeds', 'foxwoods']) {
      const set = json(['set', hand, '--house-way', houseWay]) as Row;
      const report = json(['analyze', hand, '--samples', '500', '--seed', '1', '--house-way', houseWay]) as { settings: Row[]; best: Row; houseWay: Row };
      expect({ high: report.houseWay.high, low: report.houseWay.low }).toEqual({ high: set.high, low: set.low });
      for (const row of [...report.settings, report.best]) {
        expect(row.high).toEqual(displayOrder(row.high));
        expect(row.low).toEqual(displayOrder(row.low));
      }
      // The tester's case: the best setting puts the joker and the ace in the low hand, joker first as set writes it.
      expect(report.best.low).toEqual(['Jk', 'Ad']);
    }
    expect((json(['set', hand]) as Row).low).toEqual(['Jd', '7d']);
    const settings = (json(['settings', '7d 2d Jk 3d Ad 4d Jd']) as { settings: Row[] }).settings;
    for (const row of settings) expect([row.high, row.low]).toEqual([displayOrder(row.high), displayOrder(row.low)]);
  });

  it('is repeatable with a seed', () => {
    const a = json(['analyze', 'Jk Ah Kh Qh 7c 7d 2s', '--samples', '5000', '--seed', '9']) as { settings: unknown };
    const b = json(['analyze', 'Jk Ah Kh Qh 7c 7d 2s', '--samples', '5000', '--seed', '9']) as { settings: unknown };
    expect(a.settings).toEqual(b.settings);
  });
  it('names the seed it drew for a sampled run, which runs it again; a seed for the exact analysis is refused', () => {
    const drawn = json(['analyze', 'Jk Ah Kh Qh 7c 7d 2s', '--samples', '3000']) as { settings: unknown; seed: number };
    expect(Number.isInteger(drawn.seed)).toBe(true);
    const again = json(['analyze', 'Jk Ah Kh Qh 7c 7d 2s', '--samples', '3000', '--seed', String(drawn.seed)]) as { settings: unknown; seed: number };
    expect(again).toMatchObject({ settings: drawn.settings, seed: drawn.seed });
    expect(paigow(['analyze', 'Jk Ah Kh Qh 7c 7d 2s', '--samples', '3000', '--seed', '11']).stdout).toContain('banker hands (--seed 11)');
    expectBadInput(paigow(['analyze', 'As Kd 9c 7h 5s 3d 2c', '--seed', '3']), '--seed is the seed of --samples (the exact analysis draws nothing)');
  });
  it('refuses bad cards and bad options', () => {
    expectBadInput(paigow(['analyze', 'As Kd 9c 7h 5s 3d Zz']), "card 'Zz' is not a card");
    expectBadInput(paigow(['analyze', 'As Kd 9c 7h 5s 3d 2c', '--samples', '0']), /^paigow: --samples must be a whole number/);
    expectBadInput(paigow(['analyze', 'As Kd 9c 7h 5s 3d 2c', '--threads', 'two']), /^paigow: --threads must be a whole number/);
  });
});

describe('paigow simulate', () => {
  it('prints the interfaces.md shape and repeats exactly with the same seed, whatever the threads', () => {
    const a = json(['simulate', '--rounds', '300000', '--seed', '7', '--threads', '1']) as Record<string, number | number[]>;
    const b = json(['simulate', '--rounds', '300000', '--seed', '7', '--threads', '2']) as Record<string, number | number[]>;
    for (const key of ['rounds', 'win', 'push', 'loss', 'houseEdge', 'ci95']) expect(a[key]).toEqual(b[key]);
    expect(a.rounds).toBe(300000);
    const [lo, hi] = a.ci95 as number[];
    expect(lo).toBeLessThan(a.houseEdge as number);
    expect(hi).toBeGreaterThan(a.houseEdge as number);
  });
  it("also gives a banking player's edge from the same rounds: loss − win, less its fee (rules.md §3.1)", () => {
    type Report = { win: number; loss: number; playerBanker: { feeBps: number; edgeBeforeFee: number; edge: number; ci95: number[] } };
    const a = json(['simulate', '--rounds', '300000', '--seed', '3', '--threads', '1']) as Report;
    expect(a.playerBanker.feeBps).toBe(150);
    expect(a.playerBanker.edgeBeforeFee).toBeCloseTo(a.loss - a.win, 12);
    expect(a.playerBanker.edge).toBeCloseTo(a.loss - a.win - 0.015, 12);
    expect(a.playerBanker.ci95[0]).toBeLessThan(a.playerBanker.edge);
    expect(a.playerBanker.ci95[1]).toBeGreaterThan(a.playerBanker.edge);
    const free = json(['simulate', '--rounds', '300000', '--seed', '3', '--threads', '1', '--banker-fee-bps', '0']) as Report;
    expect(free.playerBanker.edge).toBeCloseTo(a.loss - a.win, 12);
    expectBadInput(paigow(['simulate', '--rounds', '10', '--banker-fee-bps', '-1']), /^paigow: --banker-fee-bps must be a whole number/);
  });
  it('refuses a missing or bad --rounds and an unknown player', () => {
    expectBadInput(paigow(['simulate']), /^paigow: .*--rounds/);
    expectBadInput(paigow(['simulate', '--rounds', '-5']), /^paigow: --rounds must be a whole number/);
    expectBadInput(paigow(['simulate', '--rounds', '10', '--player', 'psychic']), "--player must be house-way, optimal or optimal-global, got 'psychic'");
  });

  it('reads --player in any case, as the house ways are read (--player OPTIMAL-GLOBAL was refused)', () => {
    expect(json(['simulate', '--rounds', '10', '--player', 'HOUSE-WAY', '--house-way', 'FOXWOODS'])).toMatchObject({ player: 'house-way', houseWay: 'foxwoods' });
    expect(json(['simulate', '--rounds', '10', '--player', 'Optimal-Global', '--threads', '2'])).toMatchObject({ player: 'optimal-global' });
  });
  it('takes whole numbers in decimal digits only (underscores allowed)', () => {
    for (const text of ['1e3', '0x10', '2.5', ' 7', '']) {
      expectBadInput(paigow(['simulate', '--rounds', text]), `paigow: --rounds must be a whole number from 1 to 1,000,000,000,000, got '${text}'`.slice(8));
    }
    expect((json(['simulate', '--rounds', '1_000', '--threads', '1']) as { rounds: number }).rounds).toBe(1000);
  });
});
