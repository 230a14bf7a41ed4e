/**
 * The house-way lab's data (issue 16 point 4): the shape of `house-way-lab.json`, precomputed by
 * `scripts/house-way-lab-data.mjs` from `paigow house-way diff A B --top 50 --json` and each house way's
 * edge (`paigow edge --exact`, or `paigow simulate` when the exact figure is not there), and the pure
 * look-ups the page makes in it.
 */
import type { HouseWayId } from '@paigow/engine';

/** A house way's edge: exact over all 8,250,459,031,214,400 deals, or simulated with its 95% interval. */
export type LabEdge =
  | { readonly kind: 'exact'; readonly houseEdge: number; readonly win: number; readonly push: number; readonly loss: number; readonly deals: number }
  | {
      readonly kind: 'simulated';
      readonly houseEdge: number;
      readonly win: number;
      readonly push: number;
      readonly loss: number;
      readonly ci95: readonly [number, number];
      readonly rounds: number;
    };

/** One house way's setting of a hand in a diff, with its exact EV against the banker (per unit staked). */
export interface LabSetting {
  readonly high: readonly string[];
  readonly low: readonly string[];
  readonly rule: string;
  readonly explanation: string;
  readonly ev: number;
}

/** A hand on which two house ways part (`paigow house-way diff` JSON `top[]`). */
export interface LabHand {
  readonly cards: readonly string[];
  readonly a: LabSetting;
  readonly b: LabSetting;
  readonly differ: boolean;
  readonly cost: number;
  readonly better: HouseWayId | null;
  /** Hands whose two settings have the same values as this one's. */
  readonly hands?: number;
}

/** `paigow house-way diff A B --json`. */
export interface LabDiff {
  readonly a: HouseWayId;
  readonly b: HouseWayId;
  readonly banker: HouseWayId;
  readonly commissionBps: number;
  readonly total: number;
  readonly differ: number;
  readonly share: number;
  readonly groups: number;
  readonly candidates: number;
  readonly top: readonly LabHand[];
  /** The groups where the two part most in total (hands × cost), exact per representative hand. */
  readonly topTotal: readonly LabHand[];
  /** The player's EV change per hand dealt from setting every hand by B instead of A (no card removal). */
  readonly evChange: number;
  readonly method: string;
}

/** The whole file. */
export interface LabData {
  /** The commands that made it. */
  readonly commands: readonly string[];
  readonly houseWays: readonly { readonly id: HouseWayId; readonly name: string; readonly edge: LabEdge }[];
  readonly diffs: readonly LabDiff[];
}

/** Where the page fetches the data (Vite copies `public/` to the root of the built client). */
export const LAB_DATA_URL = '/house-way-lab.json';

/** The diff of `a` against `b` (the banker playing `a`), or `null` when the file has none. */
export function findDiff(data: LabData, a: HouseWayId, b: HouseWayId): LabDiff | null {
  return data.diffs.find((d) => d.a === a && d.b === b) ?? null;
}

/** The same seven cards in any order (card text compared as written). */
export function sameHand(x: readonly string[], y: readonly string[]): boolean {
  return x.length === y.length && x.every((c) => y.includes(c));
}

/** The listed hand with the same seven cards, or `null`. */
export function findHand(diff: LabDiff, cards: readonly string[]): LabHand | null {
  return diff.top.find((h) => sameHand(h.cards, cards)) ?? null;
}

/** Checks that a fetched document has the lab's shape (top-level fields only; the file is ours). */
export function isLabData(value: unknown): value is LabData {
  const v = value as LabData;
  return typeof v === 'object' && v !== null && Array.isArray(v.houseWays) && Array.isArray(v.diffs) && Array.isArray(v.commands);
}
