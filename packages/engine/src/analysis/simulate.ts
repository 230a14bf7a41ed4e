/**
 * The house-edge simulator (issue: analysis): rounds dealt from a shuffled 53-card deck, the player's hand
 * set by the house way (or by the best-EV setting) against the banker's house way, settled with commission
 * (rules.md §3). Seeded, so a run can be repeated; shares with different seeds can run on several threads
 * and be added with `mergeSimulations`.
 */

import { DECK_SIZE, type Card } from '../cards/index.js';
import type { Rng } from '../rng/index.js';
import { evaluateHighHand5 } from '../evaluate/high-hand.js';
import { evaluateLowHand2 } from '../evaluate/low-hand.js';
import { FIVE_OF_SEVEN } from '../evaluate/seven.js';
import { seedsHouseWay } from '../house-way/seeds.js';
import type { HouseWay } from '../house-way/types.js';
import { bankerOutcome, bankerTables, LOW_CLASSES } from './banker.js';
import { valueClasses } from './classes.js';
import { dominance, lossesOf, winsOf, type Dominance } from './dominance.js';
import { evInterval } from './sample.js';

/** How the player sets: by the house way, or by the setting with the best EV against the banker's house way. */
export type PlayerStrategy = 'house-way' | 'optimal';

/** Counts from a simulation (add shares with `mergeSimulations`). */
export interface SimulationCounts {
  rounds: number;
  win: number;
  push: number;
  loss: number;
}

/** A simulation's figures: frequencies, the house edge (the player's loss per unit staked) and its 95% interval. */
export interface SimulationSummary {
  readonly rounds: number;
  readonly win: number;
  readonly push: number;
  readonly loss: number;
  readonly houseEdge: number;
  readonly ci95: readonly [number, number];
}

/**
 * What the `'optimal'` player chooses with: the banker's house-way outcomes over all seven-card hands
 * (`bankerHistogram([])`) as prefix sums. Card removal (the player's own cards) is ignored when choosing;
 * the rounds themselves are dealt exactly.
 */
export type OptimalChooser = Dominance;

/** Builds an `OptimalChooser` from a banker histogram over all hands (`bankerHistogram([])`). */
export function optimalChooser(histogram: Float64Array): OptimalChooser {
  return dominance(histogram);
}

/** The packed outcome (high class × 91 + low class) of the best-EV legal setting of seven cards. */
function optimalOutcome(hand: ArrayLike<Card>, chooser: OptimalChooser, keep: number): number {
  const { highClass, lowClass } = valueClasses();
  let best = -Infinity;
  let bestOutcome = -1;
  let k = 0;
  for (let i = 0; i < 7; i++) {
    for (let j = i + 1; j < 7; j++, k++) {
      const f = FIVE_OF_SEVEN[k];
      const high = evaluateHighHand5(hand[f[0]], hand[f[1]], hand[f[2]], hand[f[3]], hand[f[4]]);
      const low = evaluateLowHand2(hand[i], hand[j]);
      if (low > high) continue;
      const h = highClass.get(high) as number;
      const l = lowClass.get(low) as number;
      const ev = winsOf(chooser, h, l) * keep - lossesOf(chooser, h, l);
      if (ev > best) {
        best = ev;
        bestOutcome = h * LOW_CLASSES + l;
      }
    }
  }
  return bestOutcome;
}

/**
 * Plays `rounds` rounds, player against banker, each from a freshly shuffled deck (rules.md §1, §3).
 * @param rounds how many rounds
 * @param rng the shuffle's random source (seeded: repeatable)
 * @param strategy the player's setting rule
 * @param chooser required for `'optimal'` (see `optimalChooser`)
 * @param commissionBps commission on a win in basis points (only used to choose optimal settings)
 * @param way the house way of the banker, and of the player under `'house-way'` (default: the seeds'); the
 *   optimal player's `chooser` must come from a histogram of the same house way
 */
export function simulate(
  rounds: number,
  rng: Rng,
  strategy: PlayerStrategy = 'house-way',
  chooser?: OptimalChooser,
  commissionBps = 500,
  way: HouseWay = seedsHouseWay,
): SimulationCounts {
  if (!Number.isInteger(rounds) || rounds < 0) throw new RangeError(`rounds must be a non-negative integer, got ${rounds}`);
  if (strategy === 'optimal' && !chooser) throw new RangeError('the optimal player needs a chooser');
  const keep = 1 - commissionBps / 10000;
  const tables = bankerTables(way);
  const deck = Int32Array.from({ length: DECK_SIZE }, (_, c) => c);
  const player = new Int32Array(7);
  const banker = new Int32Array(7);
  const counts: SimulationCounts = { rounds, win: 0, push: 0, loss: 0 };
  for (let n = 0; n < rounds; n++) {
    // The first fourteen places of a Fisher–Yates shuffle: seven cards each.
    for (let i = 0; i < 14; i++) {
      const j = i + rng.nextInt(DECK_SIZE - i);
      const t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
      if (i < 7) player[i] = deck[i];
      else banker[i - 7] = deck[i];
    }
    const p = strategy === 'optimal' ? optimalOutcome(player, chooser as OptimalChooser, keep) : bankerOutcome(player, tables);
    const b = bankerOutcome(banker, tables);
    const ph = (p / LOW_CLASSES) | 0;
    const bh = (b / LOW_CLASSES) | 0;
    const pl = p - ph * LOW_CLASSES;
    const bl = b - bh * LOW_CLASSES;
    if (ph > bh && pl > bl) counts.win++;
    else if (ph <= bh && pl <= bl) counts.loss++;
    else counts.push++;
  }
  return counts;
}

/** Adds simulation shares. */
export function mergeSimulations(shares: readonly SimulationCounts[]): SimulationCounts {
  return shares.reduce((a, b) => ({ rounds: a.rounds + b.rounds, win: a.win + b.win, push: a.push + b.push, loss: a.loss + b.loss }), {
    rounds: 0,
    win: 0,
    push: 0,
    loss: 0,
  });
}

/**
 * `[lo, hi]` cut to `[min, max]`: a normal approximation's interval can pass the values an edge can take
 * (3 rounds, two lost: 13% … 120%), which no figure can.
 */
function within(lo: number, hi: number, min: number, max: number): readonly [number, number] {
  return [Math.max(min, lo), Math.min(max, hi)];
}

/**
 * Frequencies, house edge and its 95% confidence interval (normal approximation, cut to the edge's range:
 * −(1 − commission), every round won, to 1, every round lost) from counts.
 * The house edge is the player's expected loss per unit staked: loss − win × (1 − commission).
 */
export function summarizeSimulation(counts: SimulationCounts, commissionBps = 500): SimulationSummary {
  const n = counts.rounds;
  const keep = 1 - commissionBps / 10000;
  const win = counts.win / n;
  const loss = counts.loss / n;
  const { ev, margin } = evInterval(win, loss, keep, n);
  const edge = -ev;
  return { rounds: n, win, push: counts.push / n, loss, houseEdge: edge, ci95: within(edge - margin, edge + margin, -keep, 1) };
}

/** What a banking player makes, per unit wagered against it (`summarizePlayerBanker`). */
export interface PlayerBankerSummary {
  /** The banker's fee in basis points of the amount wagered against it. */
  readonly feeBps: number;
  /** The banker's expected gain per unit wagered against it before its fee: loss − win of the players. */
  readonly edgeBeforeFee: number;
  /** The same after its fee (what the seeds call the banking player's edge). */
  readonly edge: number;
  /** The 95% confidence interval of `edge` (cut to its range, −1 − fee to 1 − fee). */
  readonly ci95: readonly [number, number];
}

/**
 * The banking player's edge from the same counts (rules.md §3.1, "A player banks", seed `002`): players
 * pay no commission, so a player's win costs the banker one unit and a loss gains it one unit (copies are
 * already losses); at the end of every round the banker pays `feeBps` of the amount wagered against it,
 * whatever the result. Each player is settled against the banker alone, so the edge per unit is the same
 * at a full table; the interval is that of one player a round.
 * @param counts rounds and the players' wins, pushes and losses against the banker's house way
 * @param feeBps the banker's fee in basis points of the action (default 150 = 1.5%, seed `002`)
 */
export function summarizePlayerBanker(counts: SimulationCounts, feeBps = 150): PlayerBankerSummary {
  const n = counts.rounds;
  // No commission: a player's win costs the banker one unit (`keep` 1).
  const { ev, margin } = evInterval(counts.win / n, counts.loss / n, 1, n);
  const edgeBeforeFee = -ev;
  // The fee is the same every round: it moves the mean, not the spread.
  const fee = feeBps / 10000;
  const edge = edgeBeforeFee - fee;
  return { feeBps, edgeBeforeFee, edge, ci95: within(edge - margin, edge + margin, -1 - fee, 1 - fee) };
}
