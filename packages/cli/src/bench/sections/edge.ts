/**
 * The exact edge (issue 16): `paigow edge --exact --json` over all 8,250,459,031,214,400 deals, beside
 * the only exhaustive analysis published before, the Wizard of Odds' of 2013, which took "about two or
 * three months" of computing (house-way-foxwoods.md). One run: it takes the whole machine for minutes.
 */

import { runPaigowJson, type BenchRow, type BenchSection } from '../measure.js';

const DEALS = 8_250_459_031_214_400;
/** The 2013 computation: two to three months; taken as 2.5 months of 30 days, in seconds. */
const SECONDS_2013 = 2.5 * 30 * 86_400;

interface EdgeJson {
  readonly deals: number;
  readonly counts: { readonly win: number; readonly push: number; readonly loss: number };
  readonly seconds: number;
  readonly tableSeconds: number;
  readonly threads: number;
}

/** One run of the exact count (seeds' house way): its time, deals per second, and the outcome table's share. */
export async function benchEdge(): Promise<BenchRow[]> {
  const { seconds: wall, report } = runPaigowJson<EdgeJson>(['edge', '--exact']);
  const { win, push, loss } = report.counts;
  if (report.deals !== DEALS || win + push + loss !== DEALS) throw new Error(`paigow edge --exact: ${win} + ${push} + ${loss} is not ${DEALS} deals`);
  const baseline = { name: '2013 (Wizard of Odds)', estimated: true };
  return [
    {
      measure: `exact edge, all 8,250,459,031,214,400 deals, ${report.threads} threads (s, whole process)`,
      unit: 'seconds',
      paigow: wall,
      baseline: { ...baseline, value: SECONDS_2013 },
      goal: 30 * 60,
      note: `edge: the count's own time ${report.seconds.toFixed(1)} s, of which ${report.tableSeconds.toFixed(1)} s set all 154,143,080 hands by the house way; 2013: "about two or three months" (taken as 2.5 × 30 days).`,
    },
    {
      measure: 'exact edge (deals/s)',
      unit: 'rate',
      paigow: DEALS / report.seconds,
      baseline: { ...baseline, value: DEALS / SECONDS_2013 },
    },
  ];
}

/** The exact-edge section of `npm run bench`. */
export const edgeSection: BenchSection = {
  name: 'edge',
  title: 'Exact edge over every deal (issue 16)',
  run: benchEdge,
};
