/**
 * The deployment's identity kept in the database (`deployment.ts`; docs/operations.md "A cluster"): written once,
 * by the first process, and read back the same by every other whatever it proposes.
 */
import { describe, expect, it } from 'vitest';
import { POSTGRES_SKIPPED_NOTICE, TEST_BACKENDS } from '../testing/backends.js';
import { deploymentIdentity } from './deployment.js';

if (!TEST_BACKENDS[1]!.enabled) console.log(POSTGRES_SKIPPED_NOTICE);

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`the deployment identity (${backend.title})`, () => {
    it('is the first proposal, for processes starting at once and for every later one', async () => {
      const database = await backend.open();
      try {
        const atOnce = await Promise.all(['postgres:localhost:5432/x#public', 'postgres:127.0.0.1:5432/x#public'].map((proposed) => deploymentIdentity(database, proposed, 1_000)));
        expect(new Set(atOnce).size).toBe(1);
        expect(await deploymentIdentity(database, 'postgres:db.internal:5432/x#public', 2_000)).toBe(atOnce[0]);
        expect(await database.db.selectFrom('deployment').selectAll().execute()).toEqual([{ id: 1, identity: atOnce[0], created_at_ms: 1_000 }]);
      } finally {
        await backend.close(database);
      }
    });
  });
}
