import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FORTUNE_LINES, FORTUNE_PAY_TABLE, handOf } from '@paigow/engine';
import { UsageError } from '../io.js';
import { formatExactReport, fortuneHandReport, loadPayTable, registerFortune, type FortuneExactReport } from './fortune.js';

const dir = mkdtempSync(join(tmpdir(), 'paigow-fortune-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Runs `paigow <args>` on a program holding only the fortune command; returns what it printed. */
async function run(...args: string[]): Promise<string> {
  const program = new Command('paigow').exitOverride();
  registerFortune(program);
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    await program.parseAsync(['node', 'paigow', ...args]);
  } finally {
    write.mockRestore();
  }
  return out;
}

afterEach(() => vi.restoreAllMocks());

describe('loadPayTable', () => {
  test('the seed’s table by default; an operator file; the reference file shape', () => {
    expect(loadPayTable(undefined)).toBe(FORTUNE_PAY_TABLE);
    const table = { ...FORTUNE_PAY_TABLE, straight: 1 };
    expect(loadPayTable(file('op.json', JSON.stringify(table)))).toEqual(table);
    const reference = { pay_table: FORTUNE_LINES.map((line) => ({ line, pays: FORTUNE_PAY_TABLE[line], count: 0 })) };
    expect(loadPayTable(file('ref.json', JSON.stringify(reference)))).toEqual(FORTUNE_PAY_TABLE);
  });

  test('bad input is a UsageError with one line naming the problem', () => {
    expect(() => loadPayTable(join(dir, 'missing.json'))).toThrow(new UsageError(`cannot read pay table '${join(dir, 'missing.json')}': no such file`));
    expect(() => loadPayTable(dir)).toThrow(/it is a directory/);
    const bad = file('bad.json', JSON.stringify({ ...FORTUNE_PAY_TABLE, flush: -4 }));
    expect(() => loadPayTable(bad)).toThrow(new UsageError(`${bad}: Fortune pay table: 'flush' must not be negative, got -4`));
    expect(() => loadPayTable(file('unknown.json', JSON.stringify({ ...FORTUNE_PAY_TABLE, pair: 1 })))).toThrow(/unknown line 'pair'/);
    expect(() => loadPayTable(file('text.json', 'straight: 2'))).toThrow(/not valid JSON/);
    // JSON.parse's message quotes the file, line breaks included: the error stays one line.
    expect(() => loadPayTable(file('lines.json', 'notjson\n\n'))).toThrow(/^[^\n]*not valid JSON[^\n]*$/);
  });
});

describe('paigow fortune <7 cards>', () => {
  test('the line of one hand, as JSON', async () => {
    const out = await run('fortune', 'As Ks Qs Js Ts', 'Kh', 'Qh', '--json');
    expect(JSON.parse(out)).toEqual({
      cards: ['As', 'Ks', 'Qs', 'Js', 'Ts', 'Kh', 'Qh'],
      line: 'royal_flush_plus_royal_match',
      pays: 2000,
      held: ['royal_flush_plus_royal_match', 'royal_flush', 'straight_flush', 'flush', 'straight'],
      description: 'Royal flush plus royal match, pays 2000 to 1',
    });
  });

  test('readable, with a pay table file', async () => {
    const op = file('straight4.json', JSON.stringify({ ...FORTUNE_PAY_TABLE, straight: 4 }));
    expect(await run('fortune', '9s 9h 9d 8c 7s 6h 5d')).toBe('9s 9h 9d 8c 7s 6h 5d: Three of a kind, pays 3 to 1 (also holds: Straight)\n');
    expect(await run('fortune', '9s 9h 9d 8c 7s 6h 5d', '--pay-table', op)).toBe('9s 9h 9d 8c 7s 6h 5d: Straight, pays 4 to 1 (also holds: Three of a kind)\n');
    expect(fortuneHandReport(handOf('As Kd 9c 7h 5s 3d 2c'), FORTUNE_PAY_TABLE)).toMatchObject({ line: null, pays: 0, held: [] });
  });

  test('readable, in English: the lines named as the JSON description and the --exact table name them (natural named)', async () => {
    expect(await run('fortune', 'As Ks Qs Js Ts 9s 8s')).toBe('As Ks Qs Js Ts 9s 8s: 7-card straight flush, natural, pays 8000 to 1 (also holds: Royal flush, Straight flush, Flush, and Straight)\n');
    expect(await run('fortune', 'Ks Qs Js Ts 9s 8s Jk')).toBe('Ks Qs Js Ts 9s 8s Jk: 7-card straight flush with the joker, pays 1000 to 1 (also holds: Royal flush, Straight flush, Flush, and Straight)\n');
    for (const cards of ['As Ks Qs Js Ts 9s 8s', 'Ks Qs Js Ts 9s 8s Jk', 'As Ks Qs Js Ts Kh Qh']) {
      const { description } = JSON.parse(await run('fortune', cards, '--json')) as { description: string };
      expect((await run('fortune', cards, '--lang', 'en')).split(' (also holds')[0].trimEnd()).toBe(`${cards}: ${description}`);
    }
  });

  test('bad input is a UsageError and prints nothing', async () => {
    await expect(run('fortune')).rejects.toThrow(new UsageError('fortune what? give --exact or seven cards'));
    await expect(run('fortune', '--exact', 'As')).rejects.toThrow(/either --exact or seven cards/);
    await expect(run('fortune', 'As Ks Qs')).rejects.toThrow(/expected 7 cards, got 3/);
    await expect(run('fortune', 'As As Qs Js Ts 9s 8s')).rejects.toThrow(/duplicate card As/);
    await expect(run('fortune', 'As Ks Qs Js Ts 9s 8s', '--pay-table', join(dir, 'none.json'))).rejects.toThrow(/no such file/);
  });
});

describe('paigow fortune --exact --json (interfaces.md)', () => {
  test('the exhaustive analysis: total, lines, losing, houseEdge, plus the exact fraction', async () => {
    const report = JSON.parse(await run('fortune', '--exact', '--json')) as FortuneExactReport;
    expect(report.total).toBe(154143080);
    expect(report.lines.royal_flush_plus_royal_match).toBe(72);
    expect(report.lines.three_of_a_kind).toBe(7672500);
    expect(report.losing).toBe(124556196);
    expect(report.houseEdgeExact).toBe('11970096/154143080');
    expect(report.houseEdge).toBeCloseTo(0.077656, 6);
    expect(report.houseEdgePercent).toBe(7.7656);
    expect(report.payTable).toEqual(FORTUNE_PAY_TABLE);
    expect(report.seconds).toBeGreaterThan(0);
  });
});

describe('paigow fortune --exact, readable output', () => {
  test('a row per line, the losing hands, the exact house edge', () => {
    const report: FortuneExactReport = {
      total: 154143080,
      lines: {
        seven_card_straight_flush_natural: 32,
        royal_flush_plus_royal_match: 72,
        seven_card_straight_flush_with_joker: 196,
        five_aces: 1128,
        royal_flush: 26020,
        straight_flush: 184644,
        four_of_a_kind: 307472,
        full_house: 4188528,
        flush: 6172088,
        three_of_a_kind: 7672500,
        straight: 11034204,
      },
      losing: 124556196,
      houseEdge: 11970096 / 154143080,
      houseEdgeExact: '11970096/154143080',
      houseEdgePercent: 7.7656,
      payTable: FORTUNE_PAY_TABLE,
      seconds: 1.234,
    };
    const text = formatExactReport(report);
    expect(text).toMatch(/^Royal flush plus royal match\s+2000 to 1\s+72\s+0\.000047%/m);
    expect(text).toMatch(/^Three of a kind\s+3 to 1\s+7,672,500/m);
    expect(text).toMatch(/^No line \(loses\)\s+-1\s+124,556,196\s+80\.805571%/m);
    expect(text).toContain('House edge: 7.7656% (11,970,096 / 154,143,080)');
    expect(text.trimEnd().endsWith('1.234 s')).toBe(true);
  });
});
