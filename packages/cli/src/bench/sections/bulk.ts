/**
 * Bulk mode of the CLI (interfaces.md): `paigow eval -`, `paigow eval --low -` and `paigow set -` on a million
 * random hands each, timed from process start to exit (startup and the engine's table build included), output to a file.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCards } from '@paigow/engine';
import { BIN, dealHands, now, type BenchRow, type BenchSection } from '../measure.js';

const LINES = 1_000_000;

/** Runs `paigow <args>` with stdin and stdout redirected to files; resolves to the wall time in seconds. */
function timeCommand(args: string[], inputPath: string, outputPath: string): Promise<number> {
  const input = openSync(inputPath, 'r');
  const output = openSync(outputPath, 'w');
  const start = now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: [input, output, 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => {
      closeSync(input);
      closeSync(output);
      if (code === 0) resolve((now() - start) / 1000);
      else reject(new Error(`paigow ${args.join(' ')} exited with ${code}`));
    });
  });
}

async function bulkRows(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'paigow-bench-'));
  try {
    const lines = dealHands(LINES, 5, 1).map((hand) => formatCards(hand));
    const inputPath = join(dir, 'hands.txt');
    writeFileSync(inputPath, `${lines.join('\n')}\n`);
    const lowPath = join(dir, 'low.txt');
    writeFileSync(lowPath, `${lines.map((l) => l.slice(0, 5)).join('\n')}\n`);
    const outputPath = join(dir, 'out.jsonl');
    const high = await timeCommand(['eval', '-'], inputPath, outputPath);
    const bytes = statSync(outputPath).size;
    const low = await timeCommand(['eval', '--low', '-'], lowPath, outputPath);
    const sevenPath = join(dir, 'seven.txt');
    writeFileSync(sevenPath, `${dealHands(LINES, 7, 2).map((hand) => formatCards(hand)).join('\n')}\n`);
    const set = await timeCommand(['set', '-'], sevenPath, outputPath);
    return [
      {
        measure: '`paigow eval -`, 1,000,000 lines (s, whole process)',
        unit: 'seconds',
        paigow: high,
        goal: 5,
        note: `Bulk: ${(LINES / high / 1e3).toFixed(0)} k lines/s for high hands (${(bytes / 1e6).toFixed(0)} MB of JSON lines), ${(LINES / low / 1e3).toFixed(0)} k lines/s for low hands.`,
      },
      { measure: '`paigow eval --low -`, 1,000,000 lines (s, whole process)', unit: 'seconds', paigow: low, goal: 5 },
      { measure: '`paigow set -`, 1,000,000 lines (s, whole process)', unit: 'seconds', paigow: set, goal: 5, note: 'The house way and its explanation for each hand.' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The CLI bulk-mode section of `npm run bench`. */
export const bulkSection: BenchSection = {
  name: 'bulk',
  title: 'CLI bulk mode (interfaces.md)',
  run: bulkRows,
};
