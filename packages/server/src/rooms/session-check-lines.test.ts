/**
 * A table's session check that meets a database fault (docs/server.md "Sessions") writes `session-check-failed`
 * naming the fault, as the other lines of a database fault do (an operator saw `fault: null` for "database is locked").
 */
import { describe, expect, it } from 'vitest';
import { capturedLog } from '../testing/log-capture.js';
import { createStore, signIn, startTestServer, TestClient } from '../testing/harness.js';

describe('session-check-failed', () => {
  it('names the database fault (busy for SQLITE_BUSY "database is locked")', async () => {
    const { logger, lines } = capturedLog();
    const store = createStore('sqlite');
    // Sessions checked every 200 ms (a tenth of the idle time).
    const server = await startTestServer(store, { logger, log: undefined, sessionIdleMs: 2_000 });
    try {
      const session = await signIn(server, 'Jo');
      const jo = await TestClient.join(server, 'small', session.token, 'jo');
      await jo.act('sit', { seat: 0 });
      const locked = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      server.players.keepSessions = () => Promise.reject(locked);
      await expect.poll(() => lines().some((line) => line.event === 'session-check-failed'), { timeout: 5_000 }).toBe(true);
      expect(lines().find((line) => line.event === 'session-check-failed')).toMatchObject({ level: 'warn', fault: 'busy', err: { code: 'SQLITE_BUSY' } });
    } finally {
      await server.close();
      await store.dispose();
    }
  });
});
