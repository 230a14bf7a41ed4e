/**
 * A table's settings as short strings, for processes to compare theirs with their peers' (docs/operations.md "A
 * cluster"): the processes of a deployment read their tables from their own tables files, and a table hosted by a
 * process whose file gives it other limits or rules changes them when it moves there.
 */
import { createHash } from 'node:crypto';
import type { TableConfig } from '@paigow/engine';

/** A table's settings' fingerprints by setting name (`settingsFingerprints`). */
export type SettingsFingerprints = Readonly<Record<string, string>>;

/** `value` as JSON with every object's keys in order, so that equal settings give equal text whatever built them. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The fingerprint of each setting of `config` (after defaults: `name`, `limits`, `houseWay`, `timers`, …) by its name:
 * 12 hex digits of the SHA-256 of its canonical JSON. Equal settings give equal fingerprints.
 */
export function settingsFingerprints(config: TableConfig): SettingsFingerprints {
  return Object.fromEntries(
    Object.entries(config)
      .filter(([name, value]) => name !== 'tableId' && value !== undefined)
      .map(([name, value]) => [name, createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 12)]),
  );
}

/** The names of the settings whose fingerprints differ between `mine` and `theirs` (one has it, the other not, too), in order. */
export function differingSettings(mine: SettingsFingerprints, theirs: SettingsFingerprints): string[] {
  return [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter((name) => mine[name] !== theirs[name]).sort();
}
