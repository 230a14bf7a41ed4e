/**
 * The engine's boundaries (architecture.md, "Module boundaries"): it imports nothing but its own
 * modules (no Node built-ins, no packages, nothing from the other workspaces, the wire protocol
 * `@paigow/protocol` included), reads no clock and no ambient randomness, and has no runtime
 * dependencies.
 *
 * The rules themselves live in the repository's ESLint configuration (`eslint.config.js`), which
 * `.ci/run` applies to every source file; this test proves that configuration refuses each kind of
 * breach in an engine file, allows the same code outside the engine, and that the engine's sources
 * pass it.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for `code` as if it were the file at `path` (relative to the root). */
async function rulesBroken(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const ENGINE_FILE = 'packages/engine/src/table/example.ts';
const SERVER_FILE = 'packages/server/src/table/example.ts';

const BREACHES: Array<[string, string, string]> = [
  ['a Node built-in', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n", 'no-restricted-imports'],
  ['a package', "import pg from 'pg';\nexport const p = pg;\n", 'no-restricted-imports'],
  ['the server', "import { startServer } from '@paigow/server';\nexport const s = startServer;\n", 'no-restricted-imports'],
  ['the wire protocol', "import type { TableView } from '@paigow/protocol';\nexport type V = TableView;\n", 'no-restricted-imports'],
  ['the web client by path', "import { App } from '../../../web/src/app/App.js';\nexport const a = App;\n", 'no-restricted-imports'],
  ['a re-export from a package', "export { Command } from 'commander';\n", 'no-restricted-imports'],
  ['the clock', 'export const t = Date.now();\n', 'no-restricted-properties'],
  ['a new Date', 'export const d = new Date();\n', 'no-restricted-syntax'],
  ['ambient randomness', 'export const r = Math.random();\n', 'no-restricted-properties'],
  ['process state', 'export const e = process.env.HOME;\n', 'no-restricted-globals'],
  ['a timer', 'export const h = setTimeout(() => undefined, 1);\n', 'no-restricted-globals'],
  ['the network', "export const n = fetch('http://127.0.0.1/');\n", 'no-restricted-globals'],
];

describe('engine boundaries (enforced by eslint.config.js)', () => {
  it.each(BREACHES)('refuses %s in an engine source file', async (_what, code, rule) => {
    expect(await rulesBroken(code, ENGINE_FILE)).toContain(rule);
  });

  it('allows the same code outside the engine', async () => {
    for (const [, code] of BREACHES) {
      const broken = await rulesBroken(code, SERVER_FILE);
      expect(broken.filter((rule) => rule.startsWith('no-restricted'))).toEqual([]);
    }
  });

  it("allows the engine's own relative imports", async () => {
    expect(await rulesBroken("import { parseCard } from '../notation/index.js';\nexport const p = parseCard;\n", ENGINE_FILE)).toEqual([]);
  });

  it("finds no breach in the engine's sources", async () => {
    const results = await eslint.lintFiles(['packages/engine/src/**/*.ts']);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(ROOT.length)}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(results.length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('declares no runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/engine/package.json'), 'utf8')) as { dependencies?: object };
    expect(manifest.dependencies ?? {}).toEqual({});
  });
});
