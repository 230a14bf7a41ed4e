/**
 * Creating the data folder safely. `mkdirSync(path, { recursive: true })` loops forever on some
 * special file systems (e.g. `/proc/nope` on Linux: `mkdir` keeps answering ENOENT), so the folder
 * and its missing parents are created one by one, each with a plain `mkdir` that fails at once.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

/**
 * Makes sure `path` is a folder, creating it and its missing parents.
 * @throws Error (with the system's `code`, e.g. `ENOTDIR`, `ENOENT`, `EACCES`) when a part of the path
 *   is a file or the folder cannot be created. Never hangs.
 */
export function ensureDirectory(path: string): void {
  const missing: string[] = [];
  let current = resolve(path);
  for (;;) {
    try {
      if (!statSync(current).isDirectory()) {
        throw Object.assign(new Error(`ENOTDIR: ${current} is a file, not a folder`), { code: 'ENOTDIR' });
      }
      break;
    } catch (error) {
      if (codeOf(error) !== 'ENOENT') throw error;
      const parent = dirname(current);
      if (parent === current) throw error;
      missing.push(current);
      current = parent;
    }
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      // Another process may have created it meanwhile.
      if (codeOf(error) !== 'EEXIST' || !statSync(folder).isDirectory()) throw error;
    }
  }
}
