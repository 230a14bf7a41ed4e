import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { endLease, registerInstance } from './lease.js';
import { announceTables, claimTable, liveInstances, recordRedisPrefix, releaseTable, saveSeats, tableHosts } from './table-hosts.js';

const LEASE_MS = 15_000;
const T0 = 1_000_000;

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`table hosts on ${backend.title} (docs/server.md "Table hosting")`, () => {
    let database: Database | undefined;
    afterEach(async () => {
      if (database !== undefined) await backend.close(database);
      database = undefined;
    });

    it('20 instances claiming one table at once: exactly one gets it, and a live host keeps it', async () => {
      database = await backend.open();
      const db = database;
      const ids = Array.from({ length: 20 }, (_, i) => `i${i}`);
      for (const id of ids) await registerInstance(db, id, T0);
      const claims = await Promise.all(ids.map((id) => claimTable(db, 'table-1', id, T0 + 10, LEASE_MS)));
      const winners = claims.filter((claim) => claim !== null);
      expect(winners).toHaveLength(1);
      const host = winners[0]!.instanceId;
      expect((await tableHosts(db, ['table-1'])).get('table-1')?.instanceId).toBe(host);
      // Again, while the host is alive: nobody else, the host itself yes.
      for (const id of ids) expect(await claimTable(db, 'table-1', id, T0 + 20, LEASE_MS)).toEqual(id === host ? expect.objectContaining({ instanceId: host }) : null);
    });

    it('a dead host\'s table is taken with its seats; a stopped one\'s at once; a released one by anyone', async () => {
      database = await backend.open();
      const db = database;
      await registerInstance(db, 'A', T0);
      await registerInstance(db, 'B', T0 + LEASE_MS);
      expect(await claimTable(db, 'small', 'A', T0, LEASE_MS)).not.toBeNull();
      await saveSeats(db, 'small', 'A', ['jo', null, 'kai']);
      await saveSeats(db, 'small', 'B', ['nobody']); // not B's: unchanged
      expect(await claimTable(db, 'small', 'B', T0 + LEASE_MS - 1, LEASE_MS)).toBeNull();
      const taken = await claimTable(db, 'small', 'B', T0 + LEASE_MS, LEASE_MS);
      expect(taken).toEqual({ tableId: 'small', instanceId: 'B', seats: ['jo', null, 'kai'] });

      await registerInstance(db, 'C', T0 + LEASE_MS);
      await endLease(db, 'B', T0 + LEASE_MS + 1);
      expect(await claimTable(db, 'small', 'C', T0 + LEASE_MS + 2, LEASE_MS)).not.toBeNull();
      await releaseTable(db, 'small', 'B'); // not B's any more: nothing
      expect((await tableHosts(db, ['small'])).get('small')?.instanceId).toBe('C');
      await releaseTable(db, 'small', 'C');
      expect((await tableHosts(db, ['small'])).get('small')?.instanceId).toBe('');
      await registerInstance(db, 'D', T0 + LEASE_MS + 3);
      expect(await claimTable(db, 'small', 'D', T0 + LEASE_MS + 4, LEASE_MS)).toMatchObject({ instanceId: 'D', seats: ['jo', null, 'kai'] });
    });

    it('live instances carry the tables they announced, their settings\' fingerprints and their Redis prefix', async () => {
      database = await backend.open();
      const db = database;
      await registerInstance(db, 'old', T0 - LEASE_MS);
      await registerInstance(db, 'new', T0);
      await announceTables(db, 'new', ['a', 'b-4'], { a: { limits: '0123456789ab' }, 'b-4': { limits: 'ba9876543210' } });
      await recordRedisPrefix(db, 'new', 'paigow:0123abcd:');
      // An announce without fingerprints (as the drain's) keeps them.
      await announceTables(db, 'new', ['a', 'b-4']);
      await registerInstance(db, 'quiet', T0);
      expect(await liveInstances(db, T0 + 1, LEASE_MS)).toEqual(
        expect.arrayContaining([
          { instanceId: 'new', tableIds: ['a', 'b-4'], redisPrefix: 'paigow:0123abcd:', tableSettings: { a: { limits: '0123456789ab' }, 'b-4': { limits: 'ba9876543210' } } },
          { instanceId: 'quiet', tableIds: [], redisPrefix: null, tableSettings: {} },
        ]),
      );
      expect((await liveInstances(db, T0 + 1, LEASE_MS)).map((i) => i.instanceId).sort()).toEqual(['new', 'quiet']);
    });
  });
}
