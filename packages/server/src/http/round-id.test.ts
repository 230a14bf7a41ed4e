/**
 * Round ids from URLs that no round can have are answered as unknown rounds without a query (`mayNameRound`). An
 * attacker's test on PostgreSQL: `GET /api/rounds/%00/fairness`, signed out, was answered 503 "try again" and wrote
 * an error line with its stack (2,000 requests: 6 MB of log in 6 s, and the database's error counter rose as in an
 * outage), where SQLite answered 404; the coach's review and the history's `before` the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpErrorBody } from '@paigow/protocol';
import type { ServerHandle } from '../server.js';
import { createStore, signIn, startTestServer, STORE_BACKENDS, TEST_RATE_LIMITS, type TestStore } from '../testing/harness.js';
import { capturedLog } from '../testing/log-capture.js';
import { mayNameRound, ROUND_ID_MAX_LENGTH } from './round-id.js';

describe('mayNameRound', () => {
  it('takes UUIDs and other visible ASCII ids up to the bound', () => {
    expect(mayNameRound('0193a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b')).toBe(true);
    expect(mayNameRound('r1')).toBe(true);
    expect(mayNameRound('x'.repeat(ROUND_ID_MAX_LENGTH))).toBe(true);
  });
  it('refuses the empty id, a longer one, control characters, spaces and non-ASCII', () => {
    for (const id of ['', 'x'.repeat(ROUND_ID_MAX_LENGTH + 1), '\u0000', 'a\u0000b', 'a b', 'a\tb', 'é', 'a\u007f']) expect(mayNameRound(id)).toBe(false);
  });
});

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`round ids no round can have, on ${backend.name}`, () => {
    let store: TestStore;
    let server: ServerHandle;
    const log = capturedLog('warn');
    let token: string;

    beforeAll(async () => {
      store = createStore(backend.name);
      server = await startTestServer(store, { limits: TEST_RATE_LIMITS, logger: log.logger });
      token = (await signIn(server, 'Nadia')).token;
    });
    afterAll(async () => {
      await server?.close();
      await store?.dispose();
    });

    const get = (path: string, signedIn = false): Promise<Response> =>
      fetch(`${server.url}${path}`, signedIn ? { headers: { authorization: `Bearer ${token}` } } : {});

    it('answers a NUL byte in a fairness round id 404, unknown, with no error line', async () => {
      const response = await get('/api/rounds/%00/fairness');
      expect(response.status).toBe(404);
      expect(((await response.json()) as HttpErrorBody).error.code).toBe('action/unknown');
      expect(log.lines().filter((line) => line.level === 'error' || line.event === 'request-failed')).toEqual([]);
    });

    it('does not repeat a long id in the 404', async () => {
      const response = await get(`/api/rounds/${'a'.repeat(5_000)}/fairness`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as HttpErrorBody).error.message).not.toContain('aaaa');
    });

    it("answers the coach's review of such a round null and a history page before it empty", async () => {
      const review = await get('/api/coach/rounds/a%00b', true);
      expect(review.status).toBe(200);
      expect(await review.json()).toEqual({ review: null });
      const history = await get('/api/history?before=%00', true);
      expect(history.status).toBe(200);
      expect(await history.json()).toEqual({ items: [] });
      expect(log.lines().filter((line) => line.level === 'error' || line.event === 'request-failed')).toEqual([]);
    });
  });
}
