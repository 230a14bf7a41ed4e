/**
 * The house way (house-way.md): settings per second on random seven-card hands, ours (`houseWayCode`, the
 * allocation-free core, and `houseWay`, which also builds the setting and its explanation) against
 * pokersolver's `PaiGowPokerHelper.solve` (another house way, compared for speed only), and the exhaustive
 * sweep of all 154,143,080 hands as `paigow enumerate house-way` runs it; the same for the Foxwoods house
 * way (`houseWays.foxwoods.code`, house-way-foxwoods.md: issue 16 asks ≥ 5 M settings/s on one thread for each).
 */

import pokersolver from 'pokersolver';
import { houseWay, houseWayCode, houseWays } from '@paigow/engine';
import { dealSevenCardHands, measureRate, runPaigowJson, sink, toPokersolver, type BenchRow, type BenchSection } from '../measure.js';

const { PaiGowPokerHelper } = pokersolver;

function rows(): BenchRow[] {
  const hands = dealSevenCardHands(1 << 17, 3);
  const flat = Int32Array.from(hands.flat());
  const hand = new Int32Array(7);
  const core = measureRate(() => {
    let s = 0;
    for (let i = 0; i < flat.length; i += 7) {
      for (let k = 0; k < 7; k++) hand[k] = flat[i + k];
      s += houseWayCode(hand);
    }
    sink.value += s;
  }, hands.length);
  const foxwoodsCode = houseWays.foxwoods.code;
  const foxwoods = measureRate(() => {
    let s = 0;
    for (let i = 0; i < flat.length; i += 7) {
      for (let k = 0; k < 7; k++) hand[k] = flat[i + k];
      s += foxwoodsCode(hand);
    }
    sink.value += s;
  }, hands.length);
  const full = measureRate(() => {
    for (let i = 0; i < 20_000; i++) sink.value += houseWay(hands[i]).low.length;
  }, 20_000);
  const texts = hands.slice(0, 5_000).map((h) => h.map(toPokersolver));
  const theirs = measureRate(() => {
    for (const t of texts) sink.value += PaiGowPokerHelper.solve(t).loHand.cards.length;
  }, texts.length, 1000, 1);

  const { seconds: sweepWall, report: sweep } = runPaigowJson<{ fouls: number; total: number; threads: number }>(['enumerate', 'house-way']);
  if (sweep.fouls !== 0 || sweep.total !== 154_143_080) throw new Error(`house-way sweep: ${sweep.fouls} fouls over ${sweep.total} hands`);
  const { seconds: foxWall, report: foxSweep } = runPaigowJson<{ fouls: number; total: number; threads: number }>(['enumerate', 'house-way', '--house-way', 'foxwoods']);
  if (foxSweep.fouls !== 0 || foxSweep.total !== 154_143_080) throw new Error(`Foxwoods house-way sweep: ${foxSweep.fouls} fouls over ${foxSweep.total} hands`);
  return [
    {
      measure: 'house way, random hands (settings/s, one thread, houseWayCode)',
      unit: 'rate',
      paigow: core,
      baseline: { name: 'pokersolver', value: theirs },
      goal: 5e6,
    },
    {
      measure: 'Foxwoods house way, random hands (settings/s, one thread, houseWays.foxwoods.code)',
      unit: 'rate',
      paigow: foxwoods,
      baseline: { name: 'pokersolver', value: theirs },
      goal: 5e6,
    },
    {
      measure: 'house way with setting and explanation (houseWay, settings/s)',
      unit: 'rate',
      paigow: full,
      baseline: { name: 'pokersolver', value: theirs },
    },
    {
      measure: `paigow enumerate house-way, all 154,143,080 hands (s, ${sweep.threads} threads, whole process)`,
      unit: 'seconds',
      paigow: sweepWall,
      note: 'pokersolver follows another house way and breaks some joker hands: compared for speed only. The sweep found 0 fouls.',
    },
    {
      measure: `paigow enumerate house-way --house-way foxwoods (s, ${foxSweep.threads} threads, whole process)`,
      unit: 'seconds',
      paigow: foxWall,
      note: 'The Foxwoods sweep found 0 fouls.',
    },
  ];
}

/** The house-way section of `npm run bench`. */
export const houseWaySection: BenchSection = { name: 'house-way', title: 'House way', run: rows };
