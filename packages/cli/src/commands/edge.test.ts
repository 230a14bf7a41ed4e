/**
 * `paigow edge --exact` as users run it: refusals, and the report from a checkpoint that holds every share
 * (the full count takes minutes and the whole machine; `npm run bench -- edge` and the README run it).
 */

import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, expectBadInput, json, paigow } from '../testing/cli.js';
import type { EdgeHouseWay } from '../workers/edge-tasks.js';
import { CHECKPOINT_FORMAT, checkpointRules, runRate } from './edge.js';

beforeAll(buildCli, 120_000);

const DEALS = 8_250_459_031_214_400n;

/**
 * A checkpoint of the 64 shares whose sums are the published Foxwoods counts (reference/foxwoods-exact.json), for the
 * rules of `way`; the shares' SHA-256 computed here as the docs say (a line `part:win,sameHigh,sameLow,total` each).
 */
function publishedCheckpoint(way: EdgeHouseWay): string {
  const { counts } = JSON.parse(readFileSync(new URL('../../../../reference/foxwoods-exact.json', import.meta.url), 'utf8')) as {
    counts: { win: number; push: number; loss: number };
  };
  const win = BigInt(counts.win);
  const loss = BigInt(counts.loss);
  // loss = win + (sameHigh + sameLow) / 2: put the difference into sameLow.
  const shares: Record<string, Record<string, string>> = {};
  for (let part = 0; part < 64; part++) shares[part] = { win: '0', sameHigh: '0', sameLow: '0', total: '0' };
  shares[0] = { win: `${win}`, sameHigh: '0', sameLow: `${2n * (loss - win)}`, total: `${DEALS}` };
  return writeCheckpoint({ format: CHECKPOINT_FORMAT, rules: checkpointRules(way), parts: 64, shares });
}

/** Writes a checkpoint with the SHA-256 of its shares (when it has shares of the expected shape). */
function writeCheckpoint(content: { shares: Record<string, Record<string, string>> } & Record<string, unknown>): string {
  const text = Object.keys(content.shares)
    .sort((a, b) => Number(a) - Number(b))
    .map((part) => `${part}:${['win', 'sameHigh', 'sameLow', 'total'].map((field) => content.shares[part][field]).join(',')}\n`)
    .join('');
  const file = join(mkdtempSync(join(tmpdir(), 'paigow-edge-')), 'checkpoint.json');
  writeFileSync(file, JSON.stringify({ ...content, sharesSha256: createHash('sha256').update(text).digest('hex') }));
  return file;
}

const FOXWOODS_LOW: EdgeHouseWay = { id: 'foxwoods', wheel: 'low' };

describe('paigow edge --exact', () => {
  it('reports the counts, the house edge and the banking player from a finished checkpoint, exactly', () => {
    // Foxwoods' exact count ranks the wheel lowest by default (the 2013 analysis'); its checkpoint says so.
    const report = json(['edge', '--exact', '--house-way', 'foxwoods', '--checkpoint', publishedCheckpoint(FOXWOODS_LOW)]) as {
      wheel: string;
      deals: number;
      counts: { win: number; push: number; loss: number };
      win: number;
      push: number;
      loss: number;
      houseEdge: { value: number; exact: string };
      playerBanker: { edgeBeforeFee: { value: number } };
      dealsPerSecond: number | null;
    };
    expect(report.wheel).toBe('low');
    expect(report.deals).toBe(Number(DEALS));
    expect(report.dealsPerSecond).toBeNull();
    expect(report.counts).toMatchObject({ win: 2402491783820756, push: 3341087256920524, loss: 2506879990473120 });
    expect(BigInt(report.counts.win) + BigInt(report.counts.push) + BigInt(report.counts.loss)).toBe(DEALS);
    expect([report.win, report.push, report.loss].map((x) => x.toFixed(6))).toEqual(['0.291195', '0.404958', '0.303847']);
    // house-way-foxwoods.md: player's EV −0.027212; the banking player gains 0.012652.
    expect(report.houseEdge.value.toFixed(6)).toBe('0.027212');
    expect(report.playerBanker.edgeBeforeFee.value.toFixed(6)).toBe('0.012652');
    const [n, d] = report.houseEdge.exact.split('/').map(BigInt);
    expect(n * 20n * DEALS).toBe(d * (20n * 2506879990473120n - 19n * 2402491783820756n));
  });

  it('reads --wheel and --readings in any case, as the house ways are read (--wheel LOW was refused)', () => {
    const switched = publishedCheckpoint({ ...FOXWOODS_LOW, readings: { straightFlushBeforeQuads: true } });
    const report = json(['edge', '--exact', '--house-way', 'FoxWoods', '--wheel', 'LOW', '--readings', 'STRAIGHTFLUSHBEFOREQUADS=True', '--checkpoint', switched]);
    expect(report).toMatchObject({ houseWay: 'foxwoods', wheel: 'low', readings: { straightFlushBeforeQuads: true } });
    expectBadInput(paigow(['edge', '--exact', '--wheel', 'lowest']), "--wheel: expected second or low, got 'lowest'");
    expectBadInput(paigow(['edge', '--exact', '--readings', 'straightFlushBeforeQuads=yes']), /^paigow: --readings: expected name=true\|false .*got 'straightFlushBeforeQuads=yes'$/);
  });

  it('is documented field by field, dealsPerSecond null when the run counted no deal itself (README; it printed an undocumented null)', () => {
    const report = json(['edge', '--exact', '--house-way', 'foxwoods', '--checkpoint', publishedCheckpoint(FOXWOODS_LOW)]) as Record<string, unknown>;
    expect(report.dealsPerSecond).toBeNull();
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `paigow edge --exact'));
    expect(row).toBeDefined();
    const shape = row!.split(' | ')[1];
    for (const key of Object.keys(report)) expect(shape).toContain(`"${key}"`);
    expect(shape).not.toContain('…}');
    expect(shape).toMatch(/`dealsPerSecond`: [^|]*`null` when it counted none, or resumed from `--checkpoint`/);
  });

  it('gives a rate only to a run that counted every share (a resumed run summed signed shares: −127 T deals/s)', () => {
    expect(runRate(DEALS, 0, 100)).toBe(Math.round(Number(DEALS) / 100));
    // 15 shares counted after 49 were read from the checkpoint: no rate, whatever the shares' signs.
    expect(runRate(DEALS, 49, 51.6)).toBeNull();
    expect(runRate(DEALS, 64, 0.1)).toBeNull();
  });

  it('refuses a checkpoint of another house way, and bad options', () => {
    expectBadInput(paigow(['edge', '--exact', '--checkpoint', publishedCheckpoint({ id: 'foxwoods', wheel: 'second' })]), /--checkpoint: .* another house way.*\(houseWay: foxwoods there, seeds here\)/);
    // The same house way under the other ranking is another count.
    expectBadInput(
      paigow(['edge', '--exact', '--house-way', 'foxwoods', '--checkpoint', publishedCheckpoint({ id: 'foxwoods', wheel: 'second' })]),
      /--checkpoint: .* another house way.*\(wheel: second there, low here\)/,
    );
    expectBadInput(paigow(['edge', '--exact', '--wheel', 'high']), "--wheel: expected second or low, got 'high'");
    expectBadInput(paigow(['edge']), 'edge needs --exact (it counts every deal)');
    expectBadInput(paigow(['edge', '--exact', '--readings', 'jokerIsExceptionAce=false']), '--readings applies to --house-way foxwoods only');
    expectBadInput(paigow(['edge', '--exact', '--house-way', 'foxwoods', '--readings', 'colour=blue']), /^paigow: --readings: expected name=true\|false/);
    expectBadInput(paigow(['edge', '--exact', '--house-way', 'trump']), /--house-way: no house way 'trump'/);
    // Refused before the count (it crashed after the first share, minutes in).
    expectBadInput(paigow(['edge', '--exact', '--checkpoint', '/nonexistent/dir/ck.json']), '--checkpoint: cannot write /nonexistent/dir/ck.json: ENOENT');
  });
});

describe('paigow edge --exact --checkpoint: a checkpoint that does not match is refused, never reported', () => {
  /** A finished checkpoint of Foxwoods' count (wheel lowest), parsed, for a test to alter. */
  type Content = Record<string, unknown> & { rules: Record<string, unknown>; shares: Record<string, Record<string, string>> };
  const finished = (): Content => JSON.parse(readFileSync(publishedCheckpoint(FOXWOODS_LOW), 'utf8')) as Content;
  const write = (content: unknown): string => {
    const file = join(mkdtempSync(join(tmpdir(), 'paigow-edge-')), 'checkpoint.json');
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };
  const run = (file: string) => paigow(['edge', '--exact', '--house-way', 'foxwoods', '--checkpoint', file, '--json']);

  it('refuses shares altered after they were written (the three counts still add up to every deal)', () => {
    const altered = finished();
    altered.shares['0'].win = `${BigInt(altered.shares['0'].win) + 1_000_000n}`;
    expectBadInput(run(write(altered)), /^paigow: --checkpoint: .*checkpoint\.json: its shares do not match their SHA-256/);
  });

  it('refuses a checkpoint that names its house way relative to the defaults of its day (written before a default changed)', () => {
    // The format of before: {houseWay, variant, parts}, the variant naming only readings off the then defaults.
    const { parts, shares } = finished();
    expectBadInput(run(write({ houseWay: 'foxwoods', variant: 'wheel=low', parts, shares })), /^paigow: --checkpoint: .*checkpoint\.json was written by an earlier paigow/);
    // This format names every reading by its value: one written when straightFlushBeforeQuads defaulted to true says so.
    const before = finished();
    expect(before.rules.readings).toEqual({
      quadsPairOverridesRank: true,
      jokerIsExceptionAce: true,
      exceptionOnlyWithoutAceInFront: false,
      jokerFillsRatherThanPairs: false,
      straightFlushBeforeQuads: false,
    });
    const readings = { ...(before.rules.readings as Record<string, boolean>), straightFlushBeforeQuads: true };
    expectBadInput(
      run(writeCheckpoint({ ...before, rules: { ...before.rules, readings } })),
      /--checkpoint: .* another house way, readings, ranking or engine \(reading straightFlushBeforeQuads: true there, false here\)/,
    );
    // …and it resumes under the same readings given explicitly (--readings names the switch, the rules its value).
    const switched = publishedCheckpoint({ ...FOXWOODS_LOW, readings: { straightFlushBeforeQuads: true } });
    expect(paigow(['edge', '--exact', '--house-way', 'foxwoods', '--readings', 'straightFlushBeforeQuads=true', '--checkpoint', switched, '--json']).status).toBe(0);
    // Another engine version, or a house way that sets the sample's hands otherwise, is another count too.
    expectBadInput(run(writeCheckpoint({ ...before, rules: { ...before.rules, engine: '0.0.1' } })), /\(engine: 0\.0\.1 there, \d+\.\d+\.\d+ here\)/);
    expectBadInput(run(writeCheckpoint({ ...before, rules: { ...before.rules, sample: '0'.repeat(64) } })), /\(sample: 0{64} there, [0-9a-f]{64} here\)/);
    expectBadInput(run(writeCheckpoint({ ...before, format: 'paigow-edge-checkpoint/3' })), /is not a checkpoint of paigow edge \(format "paigow-edge-checkpoint\/3"/);
  });

  it('refuses a file that is not a checkpoint in one line, status 2 (a stack trace before)', () => {
    const good = finished();
    const cases: [unknown, RegExp][] = [
      ['null', /is not a checkpoint of paigow edge/],
      ['[]', /is not a checkpoint of paigow edge/],
      ['"text"', /is not a checkpoint of paigow edge/],
      [{ ...good, shares: { ...good.shares, '0': { ...good.shares['0'], win: 'abc' } } }, /share 0: win must be an integer in decimal digits, got 'abc'/],
      [{ ...good, shares: { ...good.shares, '0': { ...good.shares['0'], win: 12 } } }, /share 0: win must be an integer in decimal digits, got '12'/],
      [{ ...good, shares: { ...good.shares, '64': good.shares['1'] } }, /share '64' is not one of 0‥63/],
      [{ ...good, shares: { ...good.shares, '01': good.shares['1'] } }, /share '01' is not one of 0‥63/],
      [{ ...good, shares: { ...good.shares, '1': { win: '0', sameHigh: '0', sameLow: '0' } } }, /share 1: total must be an integer in decimal digits, got 'undefined'/],
      [{ ...good, shares: { ...good.shares, '1': null } }, /share 1 is not \{win, sameHigh, sameLow, total\}/],
      [{ ...good, shares: null }, /shares must be an object of shares by number/],
      [{ ...good, parts: 32 }, /holds 32 shares, not 64/],
      [{ ...good, sharesSha256: undefined }, /its shares do not match their SHA-256/],
    ];
    for (const [content, message] of cases) expectBadInput(run(write(content)), new RegExp(`^paigow: --checkpoint: .*checkpoint\\.json.*${message.source}`));
    // Shares of the right shape and digest that do not add up to every deal (mergeEdgeShares threw: a stack trace).
    const short = finished();
    short.shares['0'].total = '1';
    expectBadInput(run(writeCheckpoint(short)), /^paigow: --checkpoint: .*checkpoint\.json: the shares count 1 deals, not 8250459031214400/);
  });

  it('writes the format it reads: the rules, the shares and their SHA-256, resumed to the same report', () => {
    const file = publishedCheckpoint(FOXWOODS_LOW);
    const first = run(file);
    expect(first.status).toBe(0);
    const written = JSON.parse(readFileSync(file, 'utf8')) as Content;
    expect(written).toMatchObject({ format: CHECKPOINT_FORMAT, rules: checkpointRules(FOXWOODS_LOW), parts: 64 });
    expect(written.sharesSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(run(file).stdout)).toMatchObject({ counts: (JSON.parse(first.stdout) as { counts: unknown }).counts });
  });
});
