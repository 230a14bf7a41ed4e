/**
 * `npm run bench`: the performance figures of the project, printed as a table with the same
 * measure for another implementation where there is one, and the goals.
 *
 *   npm run bench                # every section (but the soak)
 *   npm run bench -- evaluate    # only the named sections
 *   npm run bench -- server --seconds 20    # the server's load levels, 20 s each (default 60)
 *   npm run bench -- soak --minutes 30 [--players 500]   # one long run (default 10 minutes, 500 players)
 *   npm run bench -- cluster --seconds 30   # 1–3 processes behind nginx, PostgreSQL + Redis (DATABASE_URL, REDIS_URL)
 *
 * Adding a section: write `sections/<name>.ts` exporting a `BenchSection`, add one line to `SECTIONS`.
 * Exit status 1 when a goal is missed.
 */

import { cpus } from 'node:os';
import { bulkSection } from './sections/bulk.js';
import { evaluateSection } from './sections/evaluate.js';
import { fortuneSection } from './sections/fortune.js';
import { houseWaySection } from './sections/house-way.js';
import { analysisSection } from './sections/analysis.js';
import { serverSection } from './sections/server.js';
import { edgeSection } from './sections/edge.js';
import { soakSection } from './sections/soak.js';
import { clusterSection } from './sections/cluster.js';
import { formatCount, formatTable } from '../io.js';
import type { BenchArgs, BenchRow, BenchSection } from './measure.js';

/** Every section, in the order they run. */
const SECTIONS: readonly BenchSection[] = [
  evaluateSection,
  bulkSection,
  houseWaySection,
  fortuneSection,
  analysisSection,
  edgeSection,
  serverSection,
  soakSection,
  clusterSection,
];

/** `25.2 T/s`, `201.3 M/s`, `48.2 k/s`. */
function formatRate(perSecond: number): string {
  if (perSecond >= 1e12) return `${(perSecond / 1e12).toFixed(1)} T/s`;
  if (perSecond >= 1e9) return `${(perSecond / 1e9).toFixed(1)} G/s`;
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)} M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} k/s`;
  return `${perSecond.toFixed(1)} /s`;
}

function formatSeconds(seconds: number): string {
  return seconds >= 100 ? `${formatCount(seconds)} s` : `${seconds.toFixed(2)} s`;
}

function format(row: BenchRow, value: number): string {
  switch (row.unit) {
    case 'rate':
      return formatRate(value);
    case 'kilobytes':
      return `${value.toFixed(1)} KB`;
    case 'megabytes':
      return `${value.toFixed(0)} MB`;
    case 'count':
      return formatCount(Math.round(value));
    case 'seconds':
      return formatSeconds(value);
  }
}

/** How many times faster we are than the baseline. */
function speedup(row: BenchRow): string {
  if (!row.baseline) return '';
  const ratio = row.unit === 'rate' ? row.paigow / row.baseline.value : row.baseline.value / row.paigow;
  return `${ratio >= 100 ? formatCount(ratio) : ratio.toFixed(1)}× faster`;
}

function goalText(row: BenchRow): { text: string; met: boolean } {
  if (row.goal === undefined) return { text: '', met: true };
  const met = row.unit === 'rate' ? row.paigow >= row.goal : row.paigow <= row.goal;
  return { text: `${row.unit === 'rate' ? '≥' : '≤'} ${format(row, row.goal)} ${met ? 'met' : 'MISSED'}`, met };
}

function printTable(rows: readonly BenchRow[]): boolean {
  const baselineName = rows.find((r) => r.baseline)?.baseline?.name;
  // Columns: measure, paigow, [baseline, speed-up,] goal.
  const header = ['measure', 'paigow', ...(baselineName ? [baselineName, `paigow vs ${baselineName}`] : []), 'goal'];
  let allMet = true;
  const cells = rows.map((row) => {
    const goal = goalText(row);
    allMet &&= goal.met;
    const theirs = row.baseline ? `${row.baseline.estimated ? '≈ ' : ''}${format(row, row.baseline.value)}${row.baseline.estimated ? ' (est.)' : ''}` : '';
    return [row.measure, format(row, row.paigow), ...(baselineName ? [theirs, speedup(row)] : []), goal.text];
  });
  console.log(formatTable(header, cells, header.map((_, i) => (i === 0 ? 'left' : 'right'))));
  for (const row of rows) if (row.note) console.log(`  ${row.note}`);
  return allMet;
}

/** The section names and the `--seconds`, `--minutes`, `--players` options of the command line. */
function parseArgs(argv: readonly string[]): { wanted: string[]; args: BenchArgs } {
  const wanted: string[] = [];
  const args: Record<string, number> = {};
  for (let i = 0; i < argv.length; i++) {
    const option = /^--(seconds|minutes|players)$/.exec(argv[i]);
    if (option === null) {
      wanted.push(argv[i]);
      continue;
    }
    const value = Number(argv[++i]);
    if (!(value > 0)) {
      console.error(`bench: ${argv[i - 1]} needs a number above 0`);
      process.exit(2);
    }
    args[option[1]] = value;
  }
  return { wanted, args };
}

const { wanted, args } = parseArgs(process.argv.slice(2));
const unknown = wanted.filter((name) => !SECTIONS.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`bench: unknown section ${unknown.join(', ')}; sections: ${SECTIONS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

console.log(`paigow benchmark — Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} threads), one thread used\n`);
let allMet = true;
for (const section of SECTIONS) {
  if (wanted.length > 0 ? !wanted.includes(section.name) : section.onlyWhenNamed === true) continue;
  console.log(`## ${section.title}\n`);
  const rows = await section.run(args);
  allMet = printTable(rows) && allMet;
  console.log('');
}
if (!allMet) {
  console.log('Some goals were missed (see the goal column).');
  process.exitCode = 1;
}
