/**
 * The verify page marks the player's own hand (tester: "Seat 3", "Seat 5" did not say which one was mine): the
 * history's Verify link carries the player's seat (`#/verify/<roundId>?you=2`), and the page writes "Seat 3 (you)"
 * in each language; a link without it marks nothing.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { FairnessProof } from '@paigow/engine';
import { CATALOGS, createI18n } from '../app/i18n/index.js';
import { parseRoute, routeHash } from '../app/session.js';
import { Verdict } from './VerifyPage.js';
import { verifyInBrowser } from './webcrypto-deck.js';

const v = (JSON.parse(readFileSync(new URL('../../../../reference/fairness-vectors.json', import.meta.url), 'utf8')) as {
  vectors: { serverSeed: string; commitment: string; roundId: string; clientSeeds: string; deck: string[]; hands: { seat: number | 'banker' }[] }[];
}).vectors[1];
const proof = { scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: v.deck, hands: v.hands } as unknown as FairnessProof;

/** The `<dt>` texts of the proof's facts rendered in `lng` with `you`. */
async function seats(lng: string, you: number | 'banker' | null): Promise<string[]> {
  const verified = await verifyInBrowser(proof);
  if (!verified.ok) throw new Error(verified.error.message);
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, createElement(Verdict, { proof, verification: verified.value, you })));
  return [...html.matchAll(/<dt[^>]*>(.*?)<\/dt>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
}

describe('the verify page marks the player\'s own seat', () => {
  const seat = v.hands.find((h) => h.seat !== 'banker')!.seat as number;

  it.each(Object.keys(CATALOGS))('%s: "Seat N (you)" on the player\'s seat only', async (lng) => {
    const c = CATALOGS[lng as keyof typeof CATALOGS];
    const all = await seats(lng, seat);
    const mine = `${c.verify.seat.replace('{{seat}}', String(seat + 1))} ${c.table.youMark}`;
    expect(all.filter((s) => s.includes(c.table.youMark))).toEqual([mine]);
  });

  it('marks the banker when the player banked, nothing when the page does not know the player', async () => {
    expect((await seats('en', 'banker')).filter((s) => s.includes('(you)'))).toEqual(['Banker (you)']);
    expect((await seats('en', null)).filter((s) => s.includes('(you)'))).toEqual([]);
  });

  it('carries the seat in the Verify link\'s address', () => {
    expect(routeHash({ screen: 'verify', roundId: 'r-1', you: 2 })).toBe('#/verify/r-1?you=2');
    expect(parseRoute('#/verify/r-1?you=2')).toEqual({ screen: 'verify', roundId: 'r-1', you: 2 });
    expect(parseRoute('#/verify/r-1?you=banker')).toEqual({ screen: 'verify', roundId: 'r-1', you: 'banker' });
    expect(parseRoute('#/verify/r-1')).toEqual({ screen: 'verify', roundId: 'r-1' });
    expect(parseRoute('#/verify/r-1?you=x')).toEqual({ screen: 'verify', roundId: 'r-1' });
  });
});
