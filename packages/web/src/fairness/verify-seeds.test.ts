/**
 * The verify page names each client seed by its seat as the page numbers seats, from 1 (player: "Client seeds
 * 1:fa6faa5fd00d7d9a" stood over "Seat 2 (you)", the string counting seats from 0, unexplained): "Seat 3: lucky 7s",
 * "Banker: banker seed", the player's own marked "(you)"; the string that is hashed follows exactly as published,
 * with a note that it counts seats from 0 — in every language.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { FairnessProof } from '@paigow/engine';
import { CATALOGS, createI18n } from '../app/i18n/index.js';
import { Verdict } from './VerifyPage.js';
import { verifyInBrowser } from './webcrypto-deck.js';

interface Vector {
  serverSeed: string;
  commitment: string;
  roundId: string;
  clientSeeds: string;
  deck: string[];
  hands: { seat: number | 'banker' }[];
}
const vectors = (JSON.parse(readFileSync(new URL('../../../../reference/fairness-vectors.json', import.meta.url), 'utf8')) as { vectors: Vector[] }).vectors;
const proofOf = (v: Vector) =>
  ({ scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: v.deck, hands: v.hands }) as unknown as FairnessProof;

const unescape = (html: string) =>
  html.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The verify page's facts of `v` in `lng`, the player at `you`: each seed line, the string hashed, the note, the seats' names. */
async function facts(v: Vector, lng: string, you: number | 'banker' | null) {
  const proof = proofOf(v);
  const verified = await verifyInBrowser(proof);
  if (!verified.ok) throw new Error(verified.error.message);
  expect(verified.value.verified).toBe(true);
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, createElement(Verdict, { proof, verification: verified.value, you })));
  const of = (testid: string) => [...html.matchAll(new RegExp(`<[a-z]+ [^>]*data-testid="${testid}"[^>]*>(.*?)</(?:li|code|p)>`, 'g'))].map((m) => unescape(m[1]!));
  return {
    seeds: of('verify-client-seed'),
    hashed: of('verify-client-seeds-hashed'),
    note: of('verify-client-seeds-note'),
    seats: [...html.matchAll(/<dt[^>]*>(.*?)<\/dt>/g)].map((m) => unescape(m[1]!)),
  };
}

describe('the verify page names each client seed by its seat, from 1', () => {
  it.each(Object.keys(CATALOGS))('%s: "Seat 3: lucky 7s" for the seed published as "2:lucky 7s", the string itself after it, with its note', async (lng) => {
    const c = CATALOGS[lng as keyof typeof CATALOGS].verify;
    const you = CATALOGS[lng as keyof typeof CATALOGS].table.youMark;
    const seat3 = `${c.seat.replace('{{seat}}', '3')} ${you}`;
    const { seeds, hashed, note, seats } = await facts(vectors[1]!, lng, 2);
    expect(seeds).toEqual([`${c.seedOf.replace('{{who}}', seat3)} lucky 7s`]);
    // The same name as the seat's hand below it.
    expect(seats).toContain(seat3);
    expect(hashed).toEqual(['2:lucky 7s']);
    expect(note).toEqual([c.clientSeedsNote]);
    // It says "0:" is seat 1.
    expect(c.clientSeedsNote).toMatch(/0:.*\b1\b/);
  });

  it('names all six seats and a player banker\'s seed ("B:"), the banker\'s when the player banked', async () => {
    const { seeds, hashed } = await facts(vectors[2]!, 'en', 'banker');
    expect(seeds).toEqual([
      'Seat 1: alpha',
      'Seat 2: Bravo-2',
      'Seat 3: ~charlie~',
      'Seat 4: delta 4',
      'Seat 5: echo!',
      'Seat 6: foxtrot#6',
      'Banker (you): banker seed',
    ]);
    expect(hashed).toEqual(['0:alpha|1:Bravo-2|2:~charlie~|3:delta 4|4:echo!|5:foxtrot#6|B:banker seed']);
  });

  it('says in English that the string counts seats from 0', async () => {
    const { seeds, note } = await facts(vectors[0]!, 'en', null);
    expect(seeds).toEqual(['Seat 1: a']);
    expect(note[0]).toContain('numbers the seats from 0 (“0:” is Seat 1)');
  });
});
