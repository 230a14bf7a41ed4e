/**
 * The exact edge count's work for worker threads (`paigow edge --exact`): filling a share of the outcome
 * table, and counting a share of the inclusion–exclusion. The table lives in a SharedArrayBuffer that
 * every thread reads (and, while it is filled, writes its own share of).
 */

import {
  countEdgeShare,
  fillOutcomes,
  FULL_DECK,
  handRanking,
  houseWayVariant,
  type EdgeShare,
  type FoxwoodsOptions,
  type HouseWay,
  type HouseWayId,
  type WheelRank,
} from '@paigow/engine';

/** Which house way sets the hands: a registered one, for Foxwoods optionally other readings, and the ranking. */
export interface EdgeHouseWay {
  readonly id: HouseWayId;
  /** Readings of house-way-foxwoods.md that differ from ours (`foxwoods` only). */
  readonly readings?: Partial<FoxwoodsOptions>;
  /** Where the wheel ranks (evaluate/ranking.ts): hands are set and compared under that ranking. */
  readonly wheel: WheelRank;
}

/** A share of the exact edge count's work. */
export type EdgeTask =
  | {
      readonly kind: 'edge-outcomes';
      readonly houseWay: EdgeHouseWay;
      /** The full deck's outcome table (`deck.hands` entries) on a SharedArrayBuffer. */
      readonly outcomes: Int32Array;
      readonly part: number;
      readonly parts: number;
    }
  | { readonly kind: 'edge-count'; readonly outcomes: Int32Array; readonly part: number; readonly parts: number };

/** What an `edge-outcomes` task returns: the hands it set. */
export interface EdgeFill {
  readonly filled: number;
}

/** The house way an `EdgeHouseWay` names. */
export function edgeHouseWay(way: EdgeHouseWay): HouseWay {
  return houseWayVariant(way.id, handRanking(way.wheel), way.readings);
}

/** Runs one edge task on this thread; `progress` receives hands done since its last call. */
export function runEdgeTask(task: EdgeTask, progress: (done: number) => void): EdgeShare | EdgeFill {
  let last = 0;
  const report = (done: number): void => {
    progress(done - last);
    last = done;
  };
  if (task.kind === 'edge-outcomes') {
    fillOutcomes(FULL_DECK, edgeHouseWay(task.houseWay), task.outcomes, task.part, task.parts, report);
    return { filled: last };
  }
  return countEdgeShare(FULL_DECK, task.outcomes, task.part, task.parts, report);
}
