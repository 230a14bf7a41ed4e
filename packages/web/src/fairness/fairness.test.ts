import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCard } from '@paigow/engine';
import { parseRoute, routeHash } from '../app/session.js';
import { randomClientSeed, withClientSeed, type ClientSeed } from './client-seed.js';
import { recomputeWithWebCrypto, verifyInBrowser } from './webcrypto-deck.js';

const vectors = (JSON.parse(readFileSync(new URL('../../../../reference/fairness-vectors.json', import.meta.url), 'utf8')) as {
  vectors: { serverSeed: string; commitment: string; roundId: string; clientSeeds: string; deck: string[]; hands: unknown[] }[];
}).vectors;

describe('the browser’s WebCrypto replay of the shuffle', () => {
  it.each(vectors.map((v) => [v.roundId, v] as const))('reproduces the vector of round %s', async (_id, v) => {
    const { commitment, deck } = await recomputeWithWebCrypto(v.serverSeed, v.roundId, v.clientSeeds);
    expect(commitment).toBe(v.commitment);
    expect(deck.map(formatCard)).toEqual(v.deck);
  });

  it('verifies a true proof and lists what differs in an altered one', async () => {
    const v = vectors[1];
    const proof = { scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: v.deck, hands: v.hands };
    expect(await verifyInBrowser(proof)).toEqual({ ok: true, value: { verified: true, differences: [] } });
    const altered = await verifyInBrowser({ ...proof, clientSeeds: v.clientSeeds.replace('lucky', 'lucKy') });
    expect(altered.ok && altered.value.verified).toBe(false);
    expect(await verifyInBrowser({ nope: true })).toMatchObject({ ok: false, error: { code: 'fairness/bad-proof' } });
  });
});

describe('client seeds in the browser', () => {
  it('makes random 16-hex-digit seeds', () => {
    const seeds = new Set(Array.from({ length: 50 }, randomClientSeed));
    expect(seeds.size).toBe(50);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{16}$/);
  });

  it('sends the seed with deal, approve and auto-approve turned on, and nothing else', () => {
    const sent: [string, Record<string, unknown> | undefined][] = [];
    const seed: ClientSeed = { seed: 'abc', error: null, edit: () => undefined, payload: () => ({ clientSeed: 'abc' }) };
    const send = withClientSeed((type: string, payload?: Record<string, unknown>) => {
      sent.push([type, payload]);
      return 'id';
    }, seed);
    send('deal');
    send('approve');
    send('auto-approve', { on: true });
    send('auto-approve', { on: false });
    send('bet', { spot: 'main', amountCents: 100 });
    expect(sent).toEqual([
      ['deal', { clientSeed: 'abc' }],
      ['approve', { clientSeed: 'abc' }],
      ['auto-approve', { on: true, clientSeed: 'abc' }],
      ['auto-approve', { on: false }],
      ['bet', { spot: 'main', amountCents: 100 }],
    ]);
  });
});

describe('the fairness routes', () => {
  it('round-trips #/verify/<roundId> and #/fairness-audit', () => {
    expect(parseRoute(routeHash({ screen: 'verify', roundId: 'a b/c' }))).toEqual({ screen: 'verify', roundId: 'a b/c' });
    expect(parseRoute('#/fairness-audit')).toEqual({ screen: 'fairness-audit' });
    expect(routeHash({ screen: 'fairness-audit' })).toBe('#/fairness-audit');
  });
});
