/**
 * An operator's finding: a clean drain on SQLite logged `notice-ack-failed` at `error` ("driver has already been
 * destroyed", with its stack) between `drained` and `stopped`: a client's `ack-notice` was written while the database
 * was being closed. `TableRunner.close` waits for the acknowledgements being written, and one that comes once the
 * table is closed is not written (a `debug` line; the notice is sent again at the next join: docs/server.md "The
 * player inbox").
 */
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap } from '@paigow/engine';
import { createLedger } from '../ledger/index.js';
import { createLogger } from '../log/index.js';
import { createPlayers } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { TableRunner } from './runner.js';

const backend = TEST_BACKENDS[0];

describe('an acknowledgement while the server stops', () => {
  let database: Database;
  let table: TableRunner;
  const problems: unknown[] = [];
  const lines: Record<string, unknown>[] = [];
  beforeEach(async () => {
    problems.length = 0;
    lines.length = 0;
    database = await backend.open();
    table = new TableRunner({
      config: unwrap(tableConfig({ tableId: 'acks', limits: { main: { minCents: 100, maxCents: 10_000 } } })),
      ledger: createLedger(database),
      players: createPlayers(database),
      rng: createCryptoRng(globalThis.crypto),
      log: (message, error, fields) => problems.push({ message, error: (error as Error | undefined)?.message, fields }),
      logger: createLogger({
        level: 'debug',
        destination: new Writable({
          write(chunk: Buffer, _encoding, done) {
            for (const line of chunk.toString().split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
            done();
          },
        }),
      }),
    });
  });
  afterEach(async () => {
    await table.close();
  });

  it('is written before the table closes when it came before (the database closes after the tables)', async () => {
    const acking = table.ackNotice('alice', 1); // its batch waits ACK_BATCH_MS
    await table.close();
    await backend.close(database);
    await acking;
    expect(problems).toEqual([]);
  });

  it('is not written, and logged at debug only, when it comes once the table is closed', async () => {
    await table.close();
    await backend.close(database);
    await table.ackNotice('alice', 2);
    await new Promise((resolve) => setTimeout(resolve, 100)); // a batch would have been written by now
    expect(problems).toEqual([]);
    expect(lines.filter((line) => line.event === 'notice-ack-skipped')).toEqual([expect.objectContaining({ level: 'debug', playerId: 'alice', seq: 2 })]);
  });
});
