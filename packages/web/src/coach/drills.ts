/**
 * The trainer's drills (issue 17 §4): which dealt hands each one practises, and a deal of such a hand
 * (random hands from a fresh shuffled deck until one fits; the rarest, four of a kind, fits about one deal
 * in 600, a few milliseconds).
 */
import { JOKER, shuffledDeck, toHand, unwrap, type Card, type Hand, type Rng } from '@paigow/engine';

/** The drills, in the order the trainer offers them. */
export const DRILLS = ['any', 'two-pair', 'straight-flush-pairs', 'full-house', 'quads', 'joker'] as const;
export type Drill = (typeof DRILLS)[number];

/** Counts of the natural cards of `hand` by rank (0 = deuce … 12 = ace) and by suit. */
function counts(hand: readonly Card[]): { ranks: number[]; suits: number[] } {
  const ranks = new Array<number>(13).fill(0);
  const suits = new Array<number>(4).fill(0);
  for (const card of hand) {
    if (card === JOKER) continue;
    ranks[card >> 2]++;
    suits[card & 3]++;
  }
  return { ranks, suits };
}

/** Whether five of the natural ranks present run in sequence (the ace also low: A-2-3-4-5). */
function hasStraight(ranks: readonly number[]): boolean {
  const present = (r: number): boolean => ranks[(r + 13) % 13] > 0;
  for (let top = 12; top >= 3; top--) {
    let run = true;
    for (let k = 0; k < 5 && run; k++) run = top - k === -1 ? present(12) : present(top - k);
    if (run) return true;
  }
  return false;
}

/**
 * Whether `hand` (seven cards) is one a drill practises. Drills other than the joker's hold natural cards only:
 * `two-pair` exactly two pairs and nothing better among the ranks; `straight-flush-pairs` a straight or a flush
 * with a pair beside it; `full-house` three of a kind and a pair (no four); `quads` four of a kind.
 */
export function fitsDrill(drill: Drill, hand: readonly Card[]): boolean {
  if (drill === 'any') return true;
  const joker = hand.includes(JOKER);
  if (drill === 'joker') return joker;
  if (joker) return false;
  const { ranks, suits } = counts(hand);
  const pairs = ranks.filter((n) => n === 2).length;
  const trips = ranks.filter((n) => n === 3).length;
  const quads = ranks.filter((n) => n === 4).length;
  switch (drill) {
    case 'two-pair':
      return pairs === 2 && trips === 0 && quads === 0;
    case 'straight-flush-pairs':
      return pairs >= 1 && (suits.some((n) => n >= 5) || hasStraight(ranks));
    case 'full-house':
      return trips >= 1 && trips + pairs >= 2 && quads === 0;
    case 'quads':
      return quads === 1;
  }
}

/** Seven cards for `drill`, dealt from decks shuffled by `rng` (the first seven of each, until they fit). */
export function dealForDrill(drill: Drill, rng: Rng): Hand {
  for (;;) {
    const hand = shuffledDeck(rng).slice(0, 7);
    if (fitsDrill(drill, hand)) return unwrap(toHand(hand));
  }
}
