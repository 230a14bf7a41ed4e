/**
 * A table's settings as one short string, for processes to compare theirs with their peers' (docs/operations.md "A
 * cluster"): the processes of a deployment read their tables from their own tables files, and a table hosted by a
 * process whose file gives it other limits or rules changes them when it moves there.
 */
import { createHash } from 'node:crypto';
import type { TableConfig } from '@paigow/engine';

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
 * The fingerprint of `config` (the settings after defaults: limits, commission, banking, pay table, envy, seats,
 * timers): 16 hex digits of the SHA-256 of its canonical JSON. Equal settings give equal fingerprints.
 */
export function settingsFingerprint(config: TableConfig): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex').slice(0, 16);
}
