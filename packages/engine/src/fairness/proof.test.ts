import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { houseWay } from '../house-way/index.js';
import { formatCard, parseCards, parseHand } from '../notation/index.js';
import { settings as allSettings, settingValues, isFoul } from '../setting/index.js';
import { scoreHands } from '../settle/index.js';
import { unwrap } from '../errors/index.js';
import { parseProof, verifyProof, type FairnessProof } from './proof.js';

const vectors = (JSON.parse(readFileSync(new URL('../../../../reference/fairness-vectors.json', import.meta.url), 'utf8')) as {
  vectors: { serverSeed: string; commitment: string; roundId: string; clientSeeds: string; deck: string[]; hands: { seat: number | 'banker'; cards: string[] }[] }[];
}).vectors;

/** A settled proof of the six-player vector: seat 0 sets its own (legal) hand, the others and the banker by the house way. */
function sixPlayerProof(): FairnessProof {
  const v = vectors[2];
  const banker = houseWay(unwrap(parseHand(v.hands[v.hands.length - 1].cards)));
  const settings = v.hands.map((hand) => {
    const cards = unwrap(parseHand(hand.cards));
    const own = hand.seat === 0 ? allSettings(cards).find((s) => !isFoul(s))! : houseWay(cards);
    return { seat: hand.seat, high: own.high.map(formatCard), low: own.low.map(formatCard), setBy: hand.seat === 0 ? ('player' as const) : ('house-way' as const) };
  });
  const outcomes = settings
    .filter((s) => s.seat !== 'banker')
    .map((s) => {
      const score = scoreHands(settingValues({ high: unwrap(parseCards(s.high, 5)), low: unwrap(parseCards(s.low, 2)) }), settingValues(banker));
      return { seat: s.seat as number, high: score.high, low: score.low, outcome: score.outcome };
    });
  return { scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: v.deck, hands: v.hands, houseWay: 'seeds', settings, outcomes };
}

describe('verifyProof', () => {
  it('verifies every vector as fairness.md publishes it (the doc’s fields only)', () => {
    for (const v of vectors) {
      const proof = { scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: v.deck, hands: v.hands };
      expect(verifyProof(proof)).toEqual({ ok: true, value: { verified: true, differences: [] } });
    }
  });

  it('verifies a settled proof with settings and outcomes', () => {
    expect(verifyProof(sixPlayerProof())).toEqual({ ok: true, value: { verified: true, differences: [] } });
    expect(parseProof(JSON.parse(JSON.stringify(sixPlayerProof())))).toEqual({ ok: true, value: sixPlayerProof() });
  });

  it('says exactly what differs', () => {
    const proof = sixPlayerProof();
    const deck = [...proof.deck];
    [deck[0], deck[52]] = [deck[52], deck[0]];
    const result = verifyProof({ ...proof, deck });
    expect(result.ok && result.value.differences).toEqual([
      `deck position 0: published ${proof.deck[52]}, the seeds give ${proof.deck[0]}`,
      `deck position 52: published ${proof.deck[0]}, the seeds give ${proof.deck[52]}`,
    ]);
    const outcomes = proof.outcomes!.map((o, i) => (i === 1 ? { ...o, outcome: o.outcome === 'win' ? ('lose' as const) : ('win' as const) } : o));
    const changed = verifyProof({ ...proof, outcomes });
    expect(changed.ok && changed.value.differences).toHaveLength(1);
    expect(changed.ok && changed.value.differences[0]).toMatch(/^outcome of seat 1: published/);
    const bankerSetting = proof.settings!.map((s) => (s.seat === 'banker' ? { ...s, high: [...s.high.slice(0, 4), s.low[0]], low: [s.high[4], s.low[1]] } : s));
    const banker = verifyProof({ ...proof, settings: bankerSetting });
    expect(banker.ok && banker.value.differences.some((d) => d.startsWith('setting of the banker: published'))).toBe(true);
  });

  it('refuses the proof after any one-byte change of its JSON', () => {
    const text = JSON.stringify(sixPlayerProof());
    let checked = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      const replacement = /[0-8]/.test(c) ? String(Number(c) + 1) : c === '9' ? '0' : /[a-y]/i.test(c) ? String.fromCharCode(c.charCodeAt(0) + 1) : /[zZ]/.test(c) ? 'a' : c === '"' ? "'" : 'x';
      const mutated = text.slice(0, i) + replacement + text.slice(i + 1);
      let input: unknown;
      try {
        input = JSON.parse(mutated);
      } catch {
        continue; // not JSON: refused before verification
      }
      const result = verifyProof(input);
      expect(result.ok && result.value.verified, `byte ${i} '${c}' → '${replacement}': ${mutated.slice(Math.max(0, i - 30), i + 30)}`).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(1_000);
  });

  it('refuses what is not a proof with fairness/bad-proof', () => {
    for (const input of [null, [], {}, { ...sixPlayerProof(), scheme: 'other' }, { ...sixPlayerProof(), extra: 1 }, { ...sixPlayerProof(), serverSeed: 'AB'.repeat(32) }, { ...sixPlayerProof(), houseWay: undefined }]) {
      expect(verifyProof(input)).toMatchObject({ ok: false, error: { code: 'fairness/bad-proof' } });
    }
  });
});
