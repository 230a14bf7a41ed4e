/**
 * The exhaustive house-way check (issue: `paigow enumerate house-way`): sets every seven-card hand of
 * the 53-card deck, counts the settings per rule and the fouls (house-way.md: there must be none).
 * The work splits into `parts` interleaved shares so that callers can run it on several threads.
 */

import { DECK_SIZE } from '../cards/index.js';
import { codeIsLegal } from './code.js';
import { seedsHouseWay } from './seeds.js';
import type { HouseWay } from './types.js';

/** What one share of the sweep found: hands set, fouls (illegal or not 5 + 2 of the seven), settings per rule index (`way.rules` order). */
export interface HouseWaySweep {
  total: number;
  fouls: number;
  rules: number[];
}

/**
 * Sets every seven-card hand whose two lowest cards' pair index is ≡ `part` (mod `parts`).
 * @param part this share, 0 ≤ part < parts; @param parts how many shares the caller runs (1: the whole sweep)
 * @param onProgress called now and then with the hands set so far in this share
 * @param way the house way to sweep (default: the seeds')
 */
export function sweepHouseWay(part = 0, parts = 1, onProgress?: (handsDone: number) => void, way: HouseWay = seedsHouseWay): HouseWaySweep {
  const rules = new Array<number>(way.rules.length).fill(0);
  let fouls = 0;
  const h = new Int32Array(7);
  let share = 0;
  const n = DECK_SIZE;
  for (let a = 0; a < n - 6; a++) {
    h[0] = a;
    for (let b = a + 1; b < n - 5; b++) {
      if (share++ % parts !== part) continue;
      h[1] = b;
      for (let c = b + 1; c < n - 4; c++) {
        h[2] = c;
        for (let d = c + 1; d < n - 3; d++) {
          h[3] = d;
          for (let e = d + 1; e < n - 2; e++) {
            h[4] = e;
            for (let f = e + 1; f < n - 1; f++) {
              h[5] = f;
              for (let g = f + 1; g < n; g++) {
                h[6] = g;
                const result = way.codeUnchecked(h);
                if (!codeIsLegal(h, result)) fouls++;
                rules[result >> 6]++;
              }
            }
          }
        }
      }
      onProgress?.(rules.reduce((x, y) => x + y, 0));
    }
  }
  return { total: rules.reduce((x, y) => x + y, 0), fouls, rules };
}
