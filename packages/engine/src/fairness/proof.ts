/**
 * The published proof of a round (fairness.md "What is published") and its verification: recompute the
 * commitment, the deck, the hands, the house-way settings and every hand's outcome, and say exactly what
 * differs. Shared by `paigow verify` and the web verify page (which brings its own WebCrypto commitment
 * and deck, so that the browser checks the hashing independently of this module).
 */

import type { Card } from '../cards/index.js';
import { err, ok, type Result, type RuleError } from '../errors/index.js';
import { houseWays, isHouseWayId, DEFAULT_HOUSE_WAY, type HouseWayId } from '../house-way/index.js';
import { cardTexts, formatCard, parseCard, settingText, type SettingCards } from '../notation/index.js';
import { SET_BY, type SetBy } from '../table/terms.js';
import { checkSetting, settingValues, type Setting } from '../setting/index.js';
import { scoreHands, type HandResult, type WagerOutcome } from '../settle/index.js';
import { checkClientSeed, commitmentOf, dealHands, deckFromSeeds, FAIRNESS_SCHEME, fromHex, SERVER_SEED_BYTES, type DealtHand, type SeedSeat } from './scheme.js';

/** A hand of the proof: a seat number or `'banker'`, and its seven cards (canonical text) in dealt order. */
export interface ProofHand {
  readonly seat: number | 'banker';
  readonly cards: readonly string[];
}

/** How a hand was set (our addition to fairness.md's shape): the banker's is always the house way. */
export interface ProofSetting {
  readonly seat: number | 'banker';
  readonly high: readonly string[];
  readonly low: readonly string[];
  /** Who set it (`'house-way'` for the banker). */
  readonly setBy: SetBy;
}

/** One player's hands against the banker's (our addition): rules.md §3, copies to the banker. */
export interface ProofOutcome {
  readonly seat: number;
  readonly high: HandResult;
  readonly low: HandResult;
  readonly outcome: WagerOutcome;
}

/**
 * The answer of `GET /api/rounds/<roundId>/fairness` once the seed is revealed (fairness.md): the
 * doc's fields exactly, plus `houseWay`, `settings` and `outcomes`. `settings` and `outcomes` are both given
 * for a settled round, both `null` for a refunded round (never played out), and both absent in a proof of the
 * shared document's fields only, which says nothing of how the round ended (`proofResults`); any other
 * combination is not a proof.
 */
export interface FairnessProof {
  readonly scheme: typeof FAIRNESS_SCHEME;
  readonly roundId: string;
  readonly commitment: string;
  readonly serverSeed: string;
  readonly clientSeeds: string;
  readonly deck: readonly string[];
  readonly hands: readonly ProofHand[];
  /** The house way the table plays (the banker's setting and the house's settings of players' hands). */
  readonly houseWay?: HouseWayId;
  /** Every hand's setting (a settled round); `null` for a refunded round; absent when the proof does not say. */
  readonly settings?: readonly ProofSetting[] | null;
  /** Every player's outcome (a settled round); `null` for a refunded round; absent when the proof does not say. */
  readonly outcomes?: readonly ProofOutcome[] | null;
}

/**
 * What a proof says of how its round ended: `'given'`, a settled round's settings and outcomes (which
 * `verifyProof` checks); `'refunded'`, both `null`, a refunded round (nothing was played out to check);
 * `'not-given'`, both absent, a proof of the shared document's fields only: it proves the commitment, the deck
 * and the hands, and does not say whether the round was settled or refunded.
 */
export type ProofResults = 'given' | 'refunded' | 'not-given';

/**
 * What `proof` says of how its round ended (`ProofResults`), from its `settings` and `outcomes`.
 * @returns `null` when they disagree (one absent or `null` and the other not): such a proof is not one, and
 *   `verifyProof` refuses it (`fairness/bad-proof`)
 */
export function proofResults(proof: FairnessProof): ProofResults | null {
  const { settings, outcomes } = proof;
  if (settings === undefined && outcomes === undefined) return 'not-given';
  if (settings === null && outcomes === null) return 'refunded';
  return settings != null && outcomes != null ? 'given' : null;
}

/** The proof's answer while the round is open (HTTP 409): the commitment only. */
export interface FairnessCommitment {
  readonly scheme: typeof FAIRNESS_SCHEME;
  readonly roundId: string;
  readonly commitment: string;
}

/** What a verifier recomputed from the seeds (the web page brings its own, made with WebCrypto). */
export interface Recomputed {
  /** `hex(SHA-256(serverSeed))`. */
  readonly commitment: string;
  /** `deckFromSeeds(serverSeed, roundId, clientSeeds)`. */
  readonly deck: readonly Card[];
}

/** A hand's seat in a proof: the seat number (from 0, as the protocol numbers seats) or `'banker'`. */
export type ProofSeat = number | 'banker';

/** A setting as card texts: the notation's one form (`settingText`). */
export type { SettingCards };

/** A player's hand results and wager outcome against the banker (rules.md §3). */
export interface OutcomeValues {
  /** The high hand against the banker's: `win`, `lose` or `copy`. */
  readonly high: HandResult;
  /** The low hand against the banker's. */
  readonly low: HandResult;
  /** The wager: `win`, `push` or `lose`. */
  readonly outcome: WagerOutcome;
}

/**
 * One thing a published proof says that its seeds do not give: a code and its values, never prose
 * (`paigow verify` words them in English, the web verify page in the player's language). Cards are
 * canonical card texts; `published` is what the proof says, `expected` what the seeds, the deck or the
 * house way give. Codes:
 * - `commitment`: the published commitment is not SHA-256 of the server seed (fairness.md §1);
 * - `deck-card`: the card at deck index `position` (0‥52, fairness.md §5);
 * - `client-seeds-order`: the seats of `clientSeeds` (`published`, `'B'` a player banker) are not the seats
 *   dealt in deal order (`expected`, then `B` for a player banker; fairness.md §2);
 * - `hand-cards`: the hand of `seat` is not the seven cards the deck deals it (fairness.md §6);
 * - `settings-count` / `outcomes-count`: so many settings (outcomes) published for `expected` hands (players);
 * - `setting-missing` / `outcome-missing`: no setting (outcome) for `seat`;
 * - `setting-illegal`: the published setting of `seat` is refused by `checkSetting` with `reason`
 *   (rules.md §2.4; `card` the stranger for `setting/not-your-cards`, else `null`);
 * - `setting-not-house-way`: the setting of the banker, or of a hand the house set, does not have the house way's
 *   high and low values (rules.md §5; equal-rank cards, or the joker beside a natural ace, may sit either way:
 *   house-way.md reading 8);
 * - `outcome`: the published results of `seat` are not what the settings give (rules.md §3).
 */
export type ProofDifference =
  | { readonly code: 'commitment'; readonly params: { readonly published: string; readonly expected: string } }
  | { readonly code: 'deck-card'; readonly params: { readonly position: number; readonly published: string; readonly expected: string } }
  | { readonly code: 'client-seeds-order'; readonly params: { readonly published: readonly SeedSeat[]; readonly expected: readonly number[] } }
  | { readonly code: 'hand-cards'; readonly params: { readonly seat: ProofSeat; readonly published: readonly string[]; readonly expected: readonly string[] } }
  | { readonly code: 'settings-count' | 'outcomes-count'; readonly params: { readonly published: number; readonly expected: number } }
  | { readonly code: 'setting-missing'; readonly params: { readonly seat: ProofSeat } }
  | { readonly code: 'outcome-missing'; readonly params: { readonly seat: number } }
  | {
      readonly code: 'setting-illegal';
      readonly params: { readonly seat: ProofSeat; readonly reason: 'setting/foul' | 'setting/not-your-cards' | 'setting/wrong-split'; readonly card: string | null };
    }
  | { readonly code: 'setting-not-house-way'; readonly params: { readonly seat: ProofSeat; readonly published: SettingCards; readonly expected: SettingCards } }
  | { readonly code: 'outcome'; readonly params: { readonly seat: number; readonly published: OutcomeValues; readonly expected: OutcomeValues } };

/** The code of a `ProofDifference`. */
export type ProofDifferenceCode = ProofDifference['code'];

/** The verdict: `verified` when nothing differs, else one `ProofDifference` per difference, in the proof's order. */
export interface Verification {
  readonly verified: boolean;
  readonly differences: readonly ProofDifference[];
}

const bad = (message: string): { ok: false; error: RuleError } => err('fairness/bad-proof', message);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isSeat = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function cardList(value: unknown, what: string, count?: number): Result<Card[]> {
  if (!Array.isArray(value) || (count !== undefined && value.length !== count)) return bad(`${what} must be a list of ${count ?? 'some'} cards`);
  const cards: Card[] = [];
  for (const text of value) {
    const parsed = typeof text === 'string' ? parseCard(text) : null;
    if (parsed === null || !parsed.ok || formatCard(parsed.value) !== text) return bad(`${what}: '${String(text)}' is not a card in canonical text (e.g. 'As', 'Td', 'Jk')`);
    cards.push(parsed.value);
  }
  return ok(cards);
}

/** The proof's `clientSeeds` as entries (fairness.md §2), checked: `<seat>:<seed>` joined by `|`. */
export function parseClientSeeds(clientSeeds: string): Result<{ seat: SeedSeat; seed: string }[]> {
  if (clientSeeds === '') return ok([]);
  const entries: { seat: SeedSeat; seed: string }[] = [];
  for (const part of clientSeeds.split('|')) {
    const colon = part.indexOf(':');
    const seatText = part.slice(0, colon);
    const seed = checkClientSeed(part.slice(colon + 1));
    if (colon < 0 || !seed.ok || !(seatText === 'B' || /^(0|[1-9][0-9]*)$/.test(seatText))) {
      return bad(`clientSeeds: '${part}' is not <seat>:<seed> with a valid seed`);
    }
    entries.push({ seat: seatText === 'B' ? 'B' : Number(seatText), seed: seed.value });
  }
  return ok(entries);
}

interface Parsed {
  /** The proof as checked: its `settings` and `outcomes` absent, `null` or lists as in the input. */
  readonly proof: FairnessProof;
  readonly serverSeed: Uint8Array;
  readonly deck: Card[];
  readonly hands: { seat: number | 'banker'; cards: Card[] }[];
  /** The settings as values; `null` when `null` or absent (nothing to check). */
  readonly settings: { seat: number | 'banker'; setting: Setting; setBy: SetBy }[] | null;
  /** The outcomes; `null` when `null` or absent. */
  readonly outcomes: ProofOutcome[] | null;
  readonly houseWay: HouseWayId;
}

const HAND_RESULTS = ['win', 'lose', 'copy'];
const OUTCOMES = ['win', 'push', 'lose'];

/**
 * Checks the shape of a proof (untrusted JSON): the doc's fields with their types, canonical cards,
 * and our optional `houseWay`, `settings` and `outcomes`. Does not check that it is true (`verifyProof`).
 * @returns the proof (`houseWay` filled in with the default house way when absent; `settings` and `outcomes`
 *   as given: a list, `null`, or absent when absent); `fairness/bad-proof` naming the first field that is wrong
 */
export function parseProof(input: unknown): Result<FairnessProof> {
  const parsed = parse(input);
  return parsed.ok ? ok(parsed.value.proof) : parsed;
}

/** The first key of `value` not in `allowed`, else `null` (a proof with a field we do not know is refused, not ignored). */
function strangeKey(value: Record<string, unknown>, allowed: readonly string[]): string | null {
  return Object.keys(value).find((key) => !allowed.includes(key)) ?? null;
}

const PROOF_KEYS = ['scheme', 'roundId', 'commitment', 'serverSeed', 'clientSeeds', 'deck', 'hands', 'houseWay', 'settings', 'outcomes'];

function parse(input: unknown): Result<Parsed> {
  if (!isObject(input)) return bad('a proof is a JSON object');
  const strange = strangeKey(input, PROOF_KEYS);
  if (strange !== null) return bad(`unknown field '${strange}'`);
  if (input.scheme !== FAIRNESS_SCHEME) return bad(`scheme must be '${FAIRNESS_SCHEME}'`);
  for (const field of ['roundId', 'commitment', 'serverSeed', 'clientSeeds'] as const) {
    if (typeof input[field] !== 'string') return bad(`${field} must be a string`);
  }
  if (!/^[0-9a-f]{64}$/.test(input.commitment as string)) return bad('commitment must be 64 lower-case hex digits');
  const seed = fromHex(input.serverSeed as string, SERVER_SEED_BYTES);
  if (!seed.ok || !/^[0-9a-f]*$/.test(input.serverSeed as string)) return bad('serverSeed must be 64 lower-case hex digits');
  const deck = cardList(input.deck, 'deck', 53);
  if (!deck.ok) return deck;
  // A deck holding a card twice is still a proof (one card changed into another): verifyProof names the position.
  if (!Array.isArray(input.hands) || input.hands.length < 2) return bad('hands must list the players’ hands and the banker’s');
  const hands: Parsed['hands'] = [];
  for (const hand of input.hands as unknown[]) {
    if (!isObject(hand) || !(isSeat(hand.seat) || hand.seat === 'banker') || strangeKey(hand, ['seat', 'cards']) !== null) {
      return bad("each hand has a seat (a number or 'banker') and cards, nothing else");
    }
    const cards = cardList(hand.cards, `hand of seat ${String(hand.seat)}`, 7);
    if (!cards.ok) return cards;
    hands.push({ seat: hand.seat, cards: cards.value });
  }
  if (input.settings != null && input.houseWay === undefined) return bad('a proof with settings names its houseWay');
  const houseWay = input.houseWay === undefined ? DEFAULT_HOUSE_WAY : input.houseWay;
  if (!isHouseWayId(houseWay)) return bad(`houseWay: no house way '${String(houseWay)}'`);
  let settings: Parsed['settings'] = null;
  if (input.settings != null) {
    if (!Array.isArray(input.settings)) return bad('settings must be a list');
    settings = [];
    for (const entry of input.settings as unknown[]) {
      if (!isObject(entry) || !(isSeat(entry.seat) || entry.seat === 'banker') || !(SET_BY as readonly string[]).includes(entry.setBy as string) || strangeKey(entry, ['seat', 'high', 'low', 'setBy']) !== null) {
        return bad("each setting has a seat, high, low and setBy ('player', 'house-way', 'timeout', 'disconnect' or 'recovery'), nothing else");
      }
      const high = cardList(entry.high, `high hand of seat ${entry.seat}`, 5);
      if (!high.ok) return high;
      const low = cardList(entry.low, `low hand of seat ${entry.seat}`, 2);
      if (!low.ok) return low;
      settings.push({ seat: entry.seat, setting: { high: high.value, low: low.value }, setBy: entry.setBy as SetBy });
    }
  }
  let outcomes: ProofOutcome[] | null = null;
  if (input.outcomes != null) {
    if (!Array.isArray(input.outcomes)) return bad('outcomes must be a list');
    outcomes = [];
    for (const entry of input.outcomes as unknown[]) {
      const known = isObject(entry) && strangeKey(entry, ['seat', 'high', 'low', 'outcome']) === null;
      if (!known || !isSeat(entry.seat) || !HAND_RESULTS.includes(entry.high as string) || !HAND_RESULTS.includes(entry.low as string) || !OUTCOMES.includes(entry.outcome as string)) {
        return bad("each outcome has a seat, high and low ('win', 'lose', 'copy') and outcome ('win', 'push', 'lose'), nothing else");
      }
      outcomes.push({ seat: entry.seat, high: entry.high as HandResult, low: entry.low as HandResult, outcome: entry.outcome as WagerOutcome });
    }
  }
  const proof: FairnessProof = {
    scheme: FAIRNESS_SCHEME,
    roundId: input.roundId as string,
    commitment: input.commitment as string,
    serverSeed: input.serverSeed as string,
    clientSeeds: input.clientSeeds as string,
    deck: cardTexts(deck.value),
    hands: hands.map((hand) => ({ seat: hand.seat, cards: cardTexts(hand.cards) })),
    houseWay,
    // Absent stays absent: a proof that leaves its results out does not say the round was refunded (null).
    ...(input.settings === undefined ? {} : { settings: settings?.map((s) => ({ seat: s.seat, ...settingText(s.setting), setBy: s.setBy })) ?? null }),
    ...(input.outcomes === undefined ? {} : { outcomes }),
  };
  return ok({ proof, serverSeed: seed.value, deck: deck.value, hands, settings, outcomes, houseWay });
}

const sameCards = (a: readonly Card[], b: readonly Card[]): boolean => a.length === b.length && a.every((c, i) => c === b[i]);

/** Why `checkSetting` refused a published setting, as values: its code, and the stranger card for `setting/not-your-cards`. */
function illegalReason(code: string, hand: readonly Card[], setting: Setting): { reason: 'setting/foul' | 'setting/not-your-cards' | 'setting/wrong-split'; card: string | null } {
  if (code === 'setting/not-your-cards') {
    const stranger = [...setting.high, ...setting.low].find((c) => !hand.includes(c));
    return { reason: code, card: stranger === undefined ? null : formatCard(stranger) };
  }
  return { reason: code === 'setting/foul' ? code : 'setting/wrong-split', card: null };
}

/**
 * Verifies a published proof (fairness.md): recomputes the commitment from the server seed, the deck
 * from the seeds, the hands dealt from the deck (players by seat, then the banker, fairness.md §6),
 * checks that `clientSeeds` names the seats dealt in deal order, that the banker's setting and every hand
 * the house set are the house way's (rules.md §5), that a player's own setting is legal and of its cards
 * (rules.md §2.4), and recomputes each hand's outcome against the banker's (rules.md §3). Settings and
 * outcomes are checked when the proof gives them; a refunded round's (`null`) and a proof without them (absent)
 * verify on the commitment, the deck and the hands alone: `proofResults` tells the two apart.
 * @param input the proof as parsed JSON (untrusted)
 * @param recomputed the commitment and deck computed by the caller; default: this engine's SHA-256
 * @returns `{verified, differences}`: one `ProofDifference` per difference (a code and its values: the field,
 *   the deck position or seat, what was published and what the seeds give; no prose), in the order checked;
 *   or `fairness/bad-proof` when the input is not a proof at all (among others: settings and outcomes that disagree,
 *   one absent or `null` and the other not)
 */
export function verifyProof(input: unknown, recomputed?: Recomputed): Result<Verification> {
  const parsed = parse(input);
  if (!parsed.ok) return parsed;
  const { proof, serverSeed, deck, hands, settings, outcomes, houseWay } = parsed.value;
  // fairness.md "The proof": both null for a refunded round, both given for a settled one, both absent in a proof of
  // the shared document's fields only; either alone was verified unchecked, and an absent one read as a refund.
  if (proofResults(proof) === null) {
    return bad("settings and outcomes must both be null (a refunded round), both be given (a settled one) or both be absent (a proof of the shared document's fields only)");
  }
  const differences: ProofDifference[] = [];
  const commitment = recomputed?.commitment ?? commitmentOf(serverSeed);
  if (commitment !== proof.commitment) differences.push({ code: 'commitment', params: { published: proof.commitment, expected: commitment } });

  const seeds = parseClientSeeds(proof.clientSeeds);
  if (!seeds.ok) return seeds;
  const trueDeck = recomputed?.deck ?? deckFromSeeds(serverSeed, proof.roundId, proof.clientSeeds);
  deck.forEach((card, i) => {
    if (card !== trueDeck[i]) differences.push({ code: 'deck-card', params: { position: i, published: formatCard(card), expected: formatCard(trueDeck[i]) } });
  });

  const playerSeats = hands.filter((h) => h.seat !== 'banker').map((h) => h.seat as number);
  const seedSeats = seeds.value.map((entry) => entry.seat);
  const expectedSeats = [...playerSeats].sort((a, b) => a - b);
  const numericSeeds = seedSeats.filter((seat) => seat !== 'B');
  if (numericSeeds.join(',') !== expectedSeats.join(',') || seedSeats.slice(0, -1).includes('B')) {
    differences.push({ code: 'client-seeds-order', params: { published: seedSeats, expected: expectedSeats } });
  }
  if (hands.filter((h) => h.seat === 'banker').length !== 1) return bad('hands must hold exactly one banker hand');
  // fairness.md §6: the hands are published in deal order; a proof with the banker first, or two seats swapped, verified.
  if (hands[hands.length - 1].seat !== 'banker' || playerSeats.some((seat, i) => i > 0 && seat <= playerSeats[i - 1])) {
    return bad('hands must be in deal order: the players by seat, lowest first, then the banker');
  }
  let dealt: DealtHand[];
  try {
    dealt = dealHands(trueDeck, playerSeats);
  } catch (error) {
    return bad(`hands: ${(error as Error).message}`);
  }
  for (const hand of dealt) {
    const published = hands.find((h) => h.seat === hand.seat) as { cards: Card[] };
    if (!sameCards(published.cards, hand.cards)) {
      differences.push({ code: 'hand-cards', params: { seat: hand.seat, published: cardTexts(published.cards), expected: cardTexts(hand.cards) } });
    }
  }

  if (settings !== null && settings.length !== dealt.length) differences.push({ code: 'settings-count', params: { published: settings.length, expected: dealt.length } });
  if (outcomes !== null && outcomes.length !== playerSeats.length) differences.push({ code: 'outcomes-count', params: { published: outcomes.length, expected: playerSeats.length } });
  if (settings !== null) {
    const way = houseWays[houseWay];
    const bankerCards = dealt[dealt.length - 1].cards;
    const bankerWay = way.set(bankerCards);
    const bankerValues = settingValues(bankerWay);
    for (const hand of dealt) {
      const entry = settings.find((s) => s.seat === hand.seat);
      if (entry === undefined) {
        differences.push({ code: 'setting-missing', params: { seat: hand.seat } });
        continue;
      }
      const legal = checkSetting(hand.cards, entry.setting);
      if (!legal.ok) differences.push({ code: 'setting-illegal', params: { seat: hand.seat, ...illegalReason(legal.error.code, hand.cards, entry.setting) } });
      else if (hand.seat === 'banker' || entry.setBy !== 'player') {
        const expected = way.set(hand.cards);
        const values = settingValues(expected);
        // house-way.md reading 8: equal-rank cards (or the joker beside a natural ace) may sit either way where no
        // value changes; an independent house way's equal setting was refused for the cards it chose.
        if (legal.value.high !== values.high || legal.value.low !== values.low) {
          differences.push({ code: 'setting-not-house-way', params: { seat: hand.seat, published: settingText(entry.setting), expected: settingText(expected) } });
        }
      }
      if (hand.seat === 'banker' || outcomes === null) continue;
      const outcome = outcomes.find((o) => o.seat === hand.seat);
      if (outcome === undefined) differences.push({ code: 'outcome-missing', params: { seat: hand.seat } });
      else if (legal.ok) {
        const score = scoreHands(legal.value, bankerValues);
        if (score.high !== outcome.high || score.low !== outcome.low || score.outcome !== outcome.outcome) {
          differences.push({
            code: 'outcome',
            params: { seat: hand.seat, published: { high: outcome.high, low: outcome.low, outcome: outcome.outcome }, expected: { high: score.high, low: score.low, outcome: score.outcome } },
          });
        }
      }
    }
  }
  return ok({ verified: differences.length === 0, differences });
}
