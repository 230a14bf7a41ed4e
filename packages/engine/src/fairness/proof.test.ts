import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { houseWay } from '../house-way/index.js';
import { formatCard, parseCards, parseHand } from '../notation/index.js';
import { settings as allSettings, settingValues, isFoul } from '../setting/index.js';
import { scoreHands } from '../settle/index.js';
import { unwrap } from '../errors/index.js';
import { parseProof, proofResults, verifyProof, type FairnessProof } from './proof.js';

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

  it("verifies a recovered round's proof: a hand set by the house way in recovery ('recovery'), as an older one ('disconnect')", () => {
    // Seat 1 unset when the server stopped: recovery set it by the house way. Rounds recovered before 'recovery' say 'disconnect'.
    for (const setBy of ['recovery', 'disconnect', 'timeout'] as const) {
      const proof = sixPlayerProof();
      const settings = proof.settings!.map((s) => (s.seat === 1 ? { ...s, setBy } : s));
      const json = JSON.parse(JSON.stringify({ ...proof, settings })) as unknown;
      expect(parseProof(json), setBy).toEqual({ ok: true, value: { ...proof, settings } });
      expect(verifyProof(json), setBy).toEqual({ ok: true, value: { verified: true, differences: [] } });
      // It is checked as the house way's: another legal setting is refused.
      const cards = unwrap(parseHand(proof.hands.find((h) => h.seat === 1)!.cards));
      const way = houseWay(cards);
      const other = allSettings(cards).find((x) => !isFoul(x) && settingValues(x).high !== settingValues(way).high)!;
      const moved = settings.map((s) => (s.seat === 1 ? { ...s, high: other.high.map(formatCard), low: other.low.map(formatCard) } : s));
      const refused = verifyProof({ ...proof, settings: moved });
      expect(refused.ok && refused.value.differences.find((d) => d.code === 'setting-not-house-way')?.params.seat, setBy).toBe(1);
    }
  });

  it('says exactly what differs', () => {
    const proof = sixPlayerProof();
    const deck = [...proof.deck];
    [deck[0], deck[52]] = [deck[52], deck[0]];
    const result = verifyProof({ ...proof, deck });
    expect(result.ok && result.value.differences).toEqual([
      { code: 'deck-card', params: { position: 0, published: proof.deck[52], expected: proof.deck[0] } },
      { code: 'deck-card', params: { position: 52, published: proof.deck[0], expected: proof.deck[52] } },
    ]);
    const outcomes = proof.outcomes!.map((o, i) => (i === 1 ? { ...o, outcome: o.outcome === 'win' ? ('lose' as const) : ('win' as const) } : o));
    const changed = verifyProof({ ...proof, outcomes });
    expect(changed.ok && changed.value.differences).toHaveLength(1);
    expect(changed.ok && changed.value.differences[0]).toEqual({ code: 'outcome', params: { seat: 1, published: { high: outcomes[1].high, low: outcomes[1].low, outcome: outcomes[1].outcome }, expected: { high: proof.outcomes![1].high, low: proof.outcomes![1].low, outcome: proof.outcomes![1].outcome } } });
    const bankerSetting = proof.settings!.map((s) => (s.seat === 'banker' ? { ...s, high: [...s.high.slice(0, 4), s.low[0]], low: [s.high[4], s.low[1]] } : s));
    const banker = verifyProof({ ...proof, settings: bankerSetting });
    expect(banker.ok && banker.value.differences.some((d) => d.code === 'setting-not-house-way' && d.params.seat === 'banker')).toBe(true);
  });

  it('says which deck position differs when one card was changed into another (the deck then holds a card twice)', () => {
    const proof = sixPlayerProof();
    const deck = [...proof.deck];
    deck[30] = proof.deck[31];
    const result = verifyProof({ ...proof, deck });
    expect(result).toEqual({ ok: true, value: { verified: false, differences: [{ code: 'deck-card', params: { position: 30, published: proof.deck[31], expected: proof.deck[30] } }] } });
  });

  it('reports each difference as a code and values, with no prose (the CLI and the verify page word them)', () => {
    const proof = sixPlayerProof();
    const flipped = (proof.serverSeed[0] === '0' ? '1' : '0') + proof.serverSeed.slice(1);
    const commitment = verifyProof({ ...proof, serverSeed: flipped });
    expect(commitment.ok && commitment.value.differences[0]).toEqual({ code: 'commitment', params: { published: proof.commitment, expected: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    // Two hands' cards swapped: the hands differ from what the deck deals (cards as canonical text).
    const hands = proof.hands.map((h, i) => (i === 0 ? { ...h, cards: [proof.hands[1].cards[0], ...h.cards.slice(1)] } : i === 1 ? { ...h, cards: [proof.hands[0].cards[0], ...h.cards.slice(1)] } : h));
    const swapped = verifyProof({ ...proof, hands, settings: null, outcomes: null });
    expect(swapped.ok && swapped.value.differences).toEqual([
      { code: 'hand-cards', params: { seat: proof.hands[0].seat, published: hands[0].cards, expected: proof.hands[0].cards } },
      { code: 'hand-cards', params: { seat: proof.hands[1].seat, published: hands[1].cards, expected: proof.hands[1].cards } },
    ]);
    const seats = proof.clientSeeds.split('|');
    const reordered = verifyProof({ ...proof, clientSeeds: [seats[1], seats[0], ...seats.slice(2)].join('|') });
    expect(reordered.ok && reordered.value.differences.find((d) => d.code === 'client-seeds-order')).toEqual({
      code: 'client-seeds-order',
      params: { published: [1, 0, ...seats.slice(2).map((e) => (e.startsWith('B:') ? 'B' : Number(e.split(':')[0])))], expected: proof.hands.filter((h) => h.seat !== 'banker').map((h) => h.seat) },
    });
    // Seat 0 set its own hand: a foul, then a card it was not dealt; the banker's setting missing; one outcome missing.
    const own = proof.settings!.find((s) => s.seat === 0)!;
    const foulSetting = allSettings(unwrap(parseHand(proof.hands[0].cards))).find((s) => isFoul(s))!;
    const foul = { ...own, high: foulSetting.high.map(formatCard), low: foulSetting.low.map(formatCard) };
    const stranger = proof.hands[1].cards[0];
    const notHers = { ...own, high: [stranger, ...own.high.slice(1)] };
    for (const [setting, reason, card] of [[foul, 'setting/foul', null], [notHers, 'setting/not-your-cards', stranger]] as const) {
      const result = verifyProof({ ...proof, settings: proof.settings!.map((s) => (s.seat === 0 ? setting : s)) });
      expect(result.ok && result.value.differences.find((d) => d.code === 'setting-illegal')).toEqual({ code: 'setting-illegal', params: { seat: 0, reason, card } });
    }
    const missing = verifyProof({ ...proof, settings: proof.settings!.filter((s) => s.seat !== 'banker'), outcomes: proof.outcomes!.slice(1) });
    expect(missing.ok && missing.value.differences).toEqual([
      { code: 'settings-count', params: { published: proof.settings!.length - 1, expected: proof.settings!.length } },
      { code: 'outcomes-count', params: { published: proof.outcomes!.length - 1, expected: proof.outcomes!.length } },
      { code: 'outcome-missing', params: { seat: proof.outcomes![0].seat } },
      { code: 'setting-missing', params: { seat: 'banker' } },
    ]);
    // Values only: every string a difference holds is one token (a card, hex, a code), never a sentence.
    const strings = (o: unknown): string[] => (typeof o === 'string' ? [o] : o !== null && typeof o === 'object' ? Object.values(o).flatMap(strings) : []);
    for (const result of [commitment, swapped, reordered, missing]) {
      for (const d of result.ok ? result.value.differences : []) expect(strings(d.params).filter((text) => /\s/.test(text)), d.code).toEqual([]);
    }
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
    for (const input of [null, [], {}, { ...sixPlayerProof(), scheme: 'other' }, { ...sixPlayerProof(), extra: 1 }, { ...sixPlayerProof(), serverSeed: 'AB'.repeat(32) }, { ...sixPlayerProof(), houseWay: undefined }, { ...sixPlayerProof(), settings: null }, { ...sixPlayerProof(), outcomes: null }]) {
      expect(verifyProof(input)).toMatchObject({ ok: false, error: { code: 'fairness/bad-proof' } });
    }
  });

  it('tells a refunded round (settings and outcomes null) from a proof that leaves them out (a tester: both read as refunded)', () => {
    const settled = sixPlayerProof();
    const { settings: _settings, outcomes: _outcomes, ...withoutResults } = settled;
    const refunded = { ...settled, settings: null, outcomes: null };
    // parseProof keeps the difference: an absent field stays absent, it does not become null (a refund).
    const parsedWithout = parseProof(JSON.parse(JSON.stringify(withoutResults)));
    expect(parsedWithout.ok && ['settings' in parsedWithout.value, 'outcomes' in parsedWithout.value]).toEqual([false, false]);
    const parsedRefunded = parseProof(JSON.parse(JSON.stringify(refunded)));
    expect(parsedRefunded.ok && [parsedRefunded.value.settings, parsedRefunded.value.outcomes]).toEqual([null, null]);
    // One absent and the other null or given is neither: not a proof.
    const mixed = [
      { ...withoutResults, outcomes: null },
      { ...withoutResults, settings: null },
      { ...withoutResults, settings: settled.settings },
      { ...withoutResults, outcomes: settled.outcomes },
    ];
    for (const input of mixed) {
      expect(verifyProof(input)).toMatchObject({ ok: false, error: { code: 'fairness/bad-proof', message: expect.stringMatching(/^settings and outcomes must both be null \(a refunded round\), both be given/) } });
    }
    // Both verify for what they hold (the commitment, the deck, the hands); proofResults says which they are.
    expect(verifyProof(withoutResults)).toEqual({ ok: true, value: { verified: true, differences: [] } });
    expect(verifyProof(refunded)).toEqual({ ok: true, value: { verified: true, differences: [] } });
    expect(proofResults(settled)).toBe('given');
    expect(proofResults(refunded)).toBe('refunded');
    expect(proofResults(withoutResults)).toBe('not-given');
    expect(parsedWithout.ok && proofResults(parsedWithout.value)).toBe('not-given');
    expect(parsedRefunded.ok && proofResults(parsedRefunded.value)).toBe('refunded');
    for (const input of mixed) expect(proofResults(input)).toBeNull();
  });

  it('accepts a house-way setting that differs from ours only by equal-rank cards swapped (house-way.md reading 8)', () => {
    // An independent house way's proof (a tester's, from the shared documents): the banker's Jk 5h Ah As 6h 2d Ks set
    // Jk 5h Ah 6h 2d / As Ks, where ours sets Jk As 6h 5h 2d / Ah Ks: the same values. It was refused
    // (setting-not-house-way) for the ace it chose.
    const proof = {"scheme": "paigow-shuffle-v1", "roundId": "f309f06d-d69d-47b3-9f4e-cf98c7a9efd1", "commitment": "88831443c747f2e483c872141764bfac05101a166b745c13cd400fc4e3bacd19", "serverSeed": "af97a5635d142ec7b1ba33ba06df914f9b7faf7b9d91f1c9fc0069524a4731da", "clientSeeds": "1:cb4da9ae|2:4d9f6614|3:13b7fbb2|4:ab587790|5:567b5af8", "deck": ["4h", "8c", "4d", "3c", "5d", "5c", "2h", "Qc", "Js", "Kc", "Jd", "7h", "Jc", "2s", "2c", "7s", "5s", "7d", "3d", "Qs", "6s", "Jh", "9d", "6d", "Kd", "9c", "9s", "Qh", "Tc", "3s", "3h", "7c", "Qd", "8s", "Ac", "Jk", "5h", "Ah", "As", "6h", "2d", "Ks", "Ad", "Ts", "6c", "4c", "Td", "4s", "9h", "8d", "8h", "Kh", "Th"], "hands": [{"seat": 1, "cards": ["4h", "8c", "4d", "3c", "5d", "5c", "2h"]}, {"seat": 2, "cards": ["Qc", "Js", "Kc", "Jd", "7h", "Jc", "2s"]}, {"seat": 3, "cards": ["2c", "7s", "5s", "7d", "3d", "Qs", "6s"]}, {"seat": 4, "cards": ["Jh", "9d", "6d", "Kd", "9c", "9s", "Qh"]}, {"seat": 5, "cards": ["Tc", "3s", "3h", "7c", "Qd", "8s", "Ac"]}, {"seat": "banker", "cards": ["Jk", "5h", "Ah", "As", "6h", "2d", "Ks"]}], "houseWay": "seeds", "settings": [{"seat": 1, "high": ["4h", "8c", "3c", "5d", "2h"], "low": ["4d", "5c"], "setBy": "player"}, {"seat": 2, "high": ["Js", "Jd", "7h", "Jc", "2s"], "low": ["Kc", "Qc"], "setBy": "house-way"}, {"seat": 3, "high": ["2c", "7s", "5s", "7d", "3d"], "low": ["Qs", "6s"], "setBy": "house-way"}, {"seat": 4, "high": ["Jh", "9d", "Kd", "9c", "Qh"], "low": ["6d", "9s"], "setBy": "player"}, {"seat": 5, "high": ["Tc", "3s", "3h", "7c", "Qd"], "low": ["8s", "Ac"], "setBy": "player"}, {"seat": "banker", "high": ["Jk", "5h", "Ah", "6h", "2d"], "low": ["As", "Ks"], "setBy": "house-way"}], "outcomes": [{"seat": 1, "high": "lose", "low": "lose", "outcome": "lose"}, {"seat": 2, "high": "win", "low": "lose", "outcome": "push"}, {"seat": 3, "high": "lose", "low": "lose", "outcome": "lose"}, {"seat": 4, "high": "lose", "low": "lose", "outcome": "lose"}, {"seat": 5, "high": "lose", "low": "lose", "outcome": "lose"}]};
    expect(verifyProof(proof)).toEqual({ ok: true, value: { verified: true, differences: [] } });
    // Another setting of other values is still refused.
    const banker = proof.settings.findIndex((entry) => entry.seat === 'banker');
    const other = { ...proof, settings: proof.settings.map((entry, i) => (i === banker ? { ...entry, high: ['Jk', 'As', 'Ah', '6h', '5h'], low: ['Ks', '2d'] } : entry)) };
    const refused = verifyProof(other);
    expect(refused.ok && refused.value.differences.map((d) => d.code)).toContain('setting-not-house-way');
  });

  it('refuses hands out of deal order (fairness.md §6: the players by seat, lowest first, then the banker)', () => {
    const proof = sixPlayerProof();
    const bankerFirst = { ...proof, hands: [proof.hands[proof.hands.length - 1], ...proof.hands.slice(0, -1)] };
    const swapped = { ...proof, hands: [proof.hands[1], proof.hands[0], ...proof.hands.slice(2)] };
    // Before the fix both verified: each hand was found by its seat, wherever it stood.
    for (const input of [bankerFirst, swapped]) {
      expect(verifyProof(input)).toEqual({ ok: false, error: { code: 'fairness/bad-proof', message: 'hands must be in deal order: the players by seat, lowest first, then the banker' } });
    }
    expect(verifyProof(proof)).toMatchObject({ ok: true, value: { verified: true } });
  });
});
