/**
 * The runbook's tables file example (docs/operations.md "Tables"), loaded as written: an operator's copy of it once
 * failed to start (`tables[1] (bank): cannot read the Fortune pay table …/fortune-pays.json (ENOENT)`), as the pay
 * table it names was nowhere to be found. The first two JSON blocks of that section are the tables file and the pay
 * table beside it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTablesFile } from './index.js';

const RUNBOOK = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'docs', 'operations.md');

/** The JSON blocks of the runbook's "Tables" section, in order. */
function tablesSectionJson(): string[] {
  const text = readFileSync(RUNBOOK, 'utf8');
  const section = text.slice(text.indexOf('\n### Tables\n'), text.indexOf('\n### ', text.indexOf('\n### Tables\n') + 1));
  return [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]);
}

describe("the runbook's tables file example", () => {
  it('starts as written, with the pay table it names beside it', () => {
    const [tables, payTable] = tablesSectionJson();
    const dir = mkdtempSync(join(tmpdir(), 'paigow-runbook-'));
    try {
      writeFileSync(join(dir, 'tables.json'), tables);
      writeFileSync(join(dir, 'fortune-pays.json'), payTable);
      const loaded = loadTablesFile(join(dir, 'tables.json'));
      expect(loaded.map((table) => table.tableId)).toEqual(['high', 'bank']);
      expect(JSON.stringify(loaded[1])).toContain('"straight"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
