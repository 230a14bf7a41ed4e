/**
 * `paigow edge --exact` as users run it: refusals, and the report from a checkpoint that holds every share
 * (the full count takes minutes and the whole machine; `npm run bench -- edge` and the README run it).
 */

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, expectBadInput, json, paigow } from '../testing/cli.js';

beforeAll(buildCli, 120_000);

const DEALS = 8_250_459_031_214_400n;

/** A checkpoint of the 64 shares whose sums are the published Foxwoods counts (reference/foxwoods-exact.json). */
function publishedCheckpoint(houseWay: string, variant = ''): string {
  const { counts } = JSON.parse(readFileSync(new URL('../../../../reference/foxwoods-exact.json', import.meta.url), 'utf8')) as {
    counts: { win: number; push: number; loss: number };
  };
  const win = BigInt(counts.win);
  const loss = BigInt(counts.loss);
  // loss = win + (sameHigh + sameLow) / 2: put the difference into sameLow.
  const shares: Record<string, Record<string, string>> = {};
  for (let part = 0; part < 64; part++) shares[part] = { win: '0', sameHigh: '0', sameLow: '0', total: '0' };
  shares[0] = { win: `${win}`, sameHigh: '0', sameLow: `${2n * (loss - win)}`, total: `${DEALS}` };
  const file = join(mkdtempSync(join(tmpdir(), 'paigow-edge-')), 'checkpoint.json');
  writeFileSync(file, JSON.stringify({ houseWay, variant, parts: 64, shares }));
  return file;
}

describe('paigow edge --exact', () => {
  it('reports the counts, the house edge and the banking player from a finished checkpoint, exactly', () => {
    // Foxwoods' exact count ranks the wheel lowest by default (the 2013 analysis'); its checkpoint says so.
    const report = json(['edge', '--exact', '--house-way', 'foxwoods', '--checkpoint', publishedCheckpoint('foxwoods', 'wheel=low')]) as {
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

  it('refuses a checkpoint of another house way, and bad options', () => {
    expectBadInput(paigow(['edge', '--exact', '--checkpoint', publishedCheckpoint('foxwoods')]), /--checkpoint: .* another house way/);
    // The same house way under the other ranking is another count.
    expectBadInput(paigow(['edge', '--exact', '--house-way', 'foxwoods', '--checkpoint', publishedCheckpoint('foxwoods')]), /--checkpoint: .* another house way/);
    expectBadInput(paigow(['edge', '--exact', '--wheel', 'high']), "--wheel: expected second or low, got 'high'");
    expectBadInput(paigow(['edge']), 'edge needs --exact (it counts every deal)');
    expectBadInput(paigow(['edge', '--exact', '--readings', 'jokerIsExceptionAce=false']), '--readings applies to --house-way foxwoods only');
    expectBadInput(paigow(['edge', '--exact', '--house-way', 'foxwoods', '--readings', 'colour=blue']), /^paigow: --readings: expected name=true\|false/);
    expectBadInput(paigow(['edge', '--exact', '--house-way', 'trump']), /--house-way: no house way 'trump'/);
    // Refused before the count (it crashed after the first share, minutes in).
    expectBadInput(paigow(['edge', '--exact', '--checkpoint', '/nonexistent/dir/ck.json']), '--checkpoint: cannot write /nonexistent/dir/ck.json: ENOENT');
  });
});
