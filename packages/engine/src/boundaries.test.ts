/**
 * The engine's boundaries (architecture.md, "Module boundaries"): it imports nothing but its own
 * modules (no Node built-ins, no packages, nothing from the other workspaces), reads no clock and no
 * ambient randomness, and has no runtime dependencies.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.startsWith('test-') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({ path: path.slice(SRC.length), text: readFileSync(path, 'utf8') }));

describe('engine boundaries', () => {
  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(20);
  });
  it('imports only its own modules', () => {
    const outside = files.flatMap(({ path, text }) =>
      [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)]
        .map((m) => m[1])
        .filter((specifier) => !specifier.startsWith('./') && !specifier.startsWith('../'))
        .map((specifier) => `${path}: ${specifier}`),
    );
    expect(outside).toEqual([]);
  });
  it('reads no clock, no ambient randomness and no process state', () => {
    const forbidden = /\b(Date\.now|new Date\(|Math\.random|performance\.now|process\.|require\(|setTimeout|setInterval)/;
    const found = files.filter(({ text }) => forbidden.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))).map(({ path }) => path);
    expect(found).toEqual([]);
  });
  it('declares no runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8')) as { dependencies?: object };
    expect(manifest.dependencies ?? {}).toEqual({});
  });
});
