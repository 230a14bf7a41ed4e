/**
 * The engine's package entry points (issue 12 point 8): besides `.`, one subpath per module
 * (`@paigow/engine/house-way`, `…/analysis`, `…/evaluate`, …), like chessops, and `"sideEffects": false`
 * so that a bundler drops every module a client does not use. Each subpath is a part of the root entry,
 * so the API report of the root (`engine.api.md`) covers them all.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as root from './index.js';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));

interface Manifest {
  readonly sideEffects?: boolean;
  readonly exports: Record<string, Record<string, string>>;
}
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as Manifest;

/** The engine's modules: the folders of `src` with an `index.ts`, test support excepted. */
const MODULES = readdirSync(join(PACKAGE, 'src'))
  .filter((name) => name !== 'testing' && statSync(join(PACKAGE, 'src', name)).isDirectory())
  .filter((name) => statSync(join(PACKAGE, 'src', name, 'index.ts'), { throwIfNoEntry: false }) !== undefined)
  .sort();

describe('@paigow/engine entry points', () => {
  it('declares no side effects', () => {
    expect(manifest.sideEffects).toBe(false);
  });

  it('exports every module as a subpath, from its sources and from its build', () => {
    expect(MODULES).toEqual(expect.arrayContaining(['analysis', 'evaluate', 'fairness', 'house-way', 'table']));
    for (const name of MODULES) {
      expect(manifest.exports[`./${name}`], name).toEqual({
        '@paigow/source': `./src/${name}/index.ts`,
        types: `./dist/${name}/index.d.ts`,
        default: `./dist/${name}/index.js`,
      });
    }
    const published = Object.keys(manifest.exports).filter((key) => key !== '.' && key !== './testing');
    expect(published.sort()).toEqual(MODULES.map((name) => `./${name}`));
  });

  it('keeps the test support out of the build (sources only)', () => {
    expect(manifest.exports['./testing']).toEqual({ '@paigow/source': './src/testing/index.ts' });
  });

  it.each(MODULES)('exports from the root everything the %s subpath exports', async (name) => {
    const module = (await import(`./${name}/index.ts`)) as Record<string, unknown>;
    const names = Object.keys(module);
    expect(names.length).toBeGreaterThan(0);
    for (const exported of names) expect((root as Record<string, unknown>)[exported], `${name}: ${exported}`).toBe(module[exported]);
  });
});
