// The house-way lab's data (issue 16 point 4), precomputed into packages/web/public/house-way-lab.json,
// which Vite copies into the built client and the lab page (src/lab/) fetches. It runs the `paigow`
// command (build it first: `npx tsc -b packages/cli`):
//   - `paigow house-way diff A B --top 50 --json` for every ordered pair of house ways (the banker plays A);
//   - each house way's edge: `paigow edge --exact --house-way X --wheel second --json` (the tables' ranking)
//     when `--exact` is given (minutes per house way), else `paigow simulate --rounds N --seed 2026
//     --house-way X --json` (labelled simulated).
// Usage: node packages/web/scripts/house-way-lab-data.mjs [--exact] [--rounds 10000000] [--top 50]
//        [--edge-file ID=FILE …]   (an `edge --exact --json` document already computed, used as it is)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = fileURLToPath(new URL('../../cli/bin/paigow.js', import.meta.url));
const out = fileURLToPath(new URL('../public/house-way-lab.json', import.meta.url));

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const exact = args.includes('--exact');
const rounds = Number(option('--rounds', '10000000'));
const top = Number(option('--top', '50'));
const edgeFiles = new Map();
args.forEach((a, i) => {
  if (a === '--edge-file') {
    const [id, file] = args[i + 1].split('=');
    edgeFiles.set(id, file);
  }
});

const ids = ['seeds', 'foxwoods'];
const names = { seeds: 'Standard house way', foxwoods: 'Foxwoods house way' };
const commands = [];
const paigow = (argv) => {
  commands.push(`paigow ${argv.join(' ')}`);
  console.error(`running paigow ${argv.join(' ')}`);
  return JSON.parse(execFileSync(process.execPath, [bin, ...argv], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 }));
};

const houseWays = ids.map((id) => {
  const file = edgeFiles.get(id);
  if (file !== undefined || exact) {
    const e = file !== undefined ? JSON.parse(readFileSync(file, 'utf8')) : paigow(['edge', '--exact', '--house-way', id, '--wheel', 'second', '--json']);
    if (file !== undefined) commands.push(`paigow edge --exact --house-way ${id} --json (from ${file})`);
    return { id, name: names[id], edge: { kind: 'exact', houseEdge: e.houseEdge.value, win: e.win, push: e.push, loss: e.loss, deals: e.deals } };
  }
  const s = paigow(['simulate', '--rounds', String(rounds), '--seed', '2026', '--house-way', id, '--json']);
  return { id, name: names[id], edge: { kind: 'simulated', houseEdge: s.houseEdge, win: s.win, push: s.push, loss: s.loss, ci95: s.ci95, rounds: s.rounds } };
});

const diffs = [];
for (const a of ids) for (const b of ids) if (a !== b) diffs.push(paigow(['house-way', 'diff', a, b, '--top', String(top), '--json']));

writeFileSync(out, `${JSON.stringify({ commands, houseWays, diffs })}\n`);
console.error(`wrote ${out}`);
