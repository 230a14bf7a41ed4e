/**
 * The gates `.ci/run` keeps (issue: "`.ci/run` type-checks everything"): every folder with a
 * tsconfig is type-checked with its tests included by `npm run typecheck`, ESLint runs, and both run
 * before the tests. A new package or tsconfig left out of the type-check fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git', 'artifacts', 'data']);

function tsconfigFolders(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.has(name)) return [];
    if (statSync(path).isDirectory()) return tsconfigFolders(path);
    return name === 'tsconfig.json' ? [relative(ROOT, dir) || '.'] : [];
  });
}

interface TsConfig {
  extends?: string;
  include?: string[];
  exclude?: string[];
}

/** The config file `tsc -p <target>` reads. */
function configFile(target: string): string {
  return target.endsWith('.json') ? target : join(target, 'tsconfig.json');
}

/** `exclude` as tsc sees it: the file's own, else the one it extends. */
function effectiveExclude(file: string): string[] {
  const config = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as TsConfig;
  if (config.exclude) return config.exclude;
  return config.extends ? effectiveExclude(join(dirname(file), config.extends)) : [];
}

/** The configs `npm run typecheck` checks: the list `CONFIGS` of the script it runs (scripts/typecheck.mjs). */
function typecheckConfigs(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const script = /^node (scripts\/\S+\.mjs)$/.exec(manifest.scripts.typecheck ?? '');
  if (!script) throw new Error(`npm run typecheck is not a node script: ${manifest.scripts.typecheck}`);
  const list = /const CONFIGS = \[([^\]]*)\]/.exec(readFileSync(join(ROOT, script[1]!), 'utf8'));
  if (!list) throw new Error(`${script[1]} has no CONFIGS list`);
  return [...list[1]!.matchAll(/'([^']+)'/g)].map((m) => configFile(m[1]!));
}

const checked = typecheckConfigs();

describe('CI gates', () => {
  it('type-checks every folder that has a tsconfig, tests included', () => {
    const folders = tsconfigFolders(ROOT).filter((f) => f !== '.');
    expect(folders.length).toBeGreaterThanOrEqual(5);
    for (const folder of folders) {
      const mine = checked.filter((file) => dirname(file) === folder);
      expect(mine, `${folder} is not type-checked by npm run typecheck`).not.toEqual([]);
      for (const file of mine) expect(effectiveExclude(file).filter((g) => /test/.test(g)), `${file} leaves tests out`).toEqual([]);
    }
  });

  it('type-checks the root files (test setup, Vitest and ESLint configuration)', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'tsconfig.test.json'), 'utf8')) as TsConfig;
    expect(checked).toContain('tsconfig.test.json');
    expect(root.include).toEqual(expect.arrayContaining(['test', 'vitest.config.ts', 'eslint.config.js']));
  });

  it('runs the type-check and ESLint before the tests in .ci/run', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    const at = (command: string) => ci.search(new RegExp(`^step '[^']*' ${command}$`, 'm'));
    expect(at('npm run typecheck')).toBeGreaterThan(0);
    expect(at('npm run lint')).toBeGreaterThan(0);
    expect(at('npm test')).toBeGreaterThan(at('npm run typecheck'));
    expect(at('npm test')).toBeGreaterThan(at('npm run lint'));
  });
});
