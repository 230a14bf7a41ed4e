import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApi } from './http.js';
import { heartbeat, joinErrorCode, joinRetryingSoon, PING_EVERY_MS, SILENCE_MS } from './table-connection.js';
import { sequenceOf } from '../app/useTable.js';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('the HTTP client', () => {
  it('signs in a guest with a JSON body and returns the session', async () => {
    const fetchMock = answer(201, { token: 'a'.repeat(64), player: { id: 'p1', nickname: 'Ada', balanceCents: 100_000, compPoints: 0 } });
    vi.stubGlobal('fetch', fetchMock);
    const session = await createApi('http://x').guest('Ada');
    expect(session.player.balanceCents).toBe(100_000);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://x/api/guest');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ nickname: 'Ada' });
  });

  it('sends the session token as a bearer token', async () => {
    const fetchMock = answer(200, { items: [] });
    vi.stubGlobal('fetch', fetchMock);
    await createApi().history('tok', 5);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/history?limit=5');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it("throws the server's error code", async () => {
    vi.stubGlobal('fetch', answer(400, { error: { code: 'auth/invalid-nickname', message: 'the nickname is empty' } }));
    await expect(createApi().guest('')).rejects.toMatchObject({ name: 'ApiError', code: 'auth/invalid-nickname', status: 400 });
  });

  it("keeps a refusal's Retry-After, in seconds", async () => {
    const refusal = vi.fn(async () => new Response(JSON.stringify({ error: { code: 'rate/limited', message: 'too many guests' } }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '541' } }));
    vi.stubGlobal('fetch', refusal);
    await expect(createApi().guest('Ada')).rejects.toMatchObject({ code: 'rate/limited', status: 429, retryAfterS: 541 });
    vi.stubGlobal('fetch', answer(400, { error: { code: 'auth/invalid-nickname', message: 'the nickname is empty' } }));
    await expect(createApi().guest('')).rejects.toMatchObject({ retryAfterS: null });
  });

  it('reports an unreachable server as `network`', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await createApi().tables().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('network');
  });
});

describe('join refusals and request ids', () => {
  it("finds the error code in Colyseus's refusal message", () => {
    expect(joinErrorCode(new Error('auth/invalid-session: unknown session token'))).toBe('auth/invalid-session');
    expect(joinErrorCode(new Error('room "table-9" not found'))).toBe('network');
  });

  it('reads a join to a table that does not exist as table/unknown: colyseus.js gives the 404 as its code', () => {
    // Before: action/unknown ("The table does not know that action."), and the table screen did not send the player back.
    const refusal = Object.assign(new Error('action/unknown: there is no table table-9'), { code: 404 });
    expect(joinErrorCode(refusal)).toBe('table/unknown');
  });

  it('reads a join refused while the coordination store is out of reach as its own code, not a table moving', () => {
    const refusal = new Error('server/coordination-unavailable: the service cannot reach its coordination store right now; try again in a few seconds');
    expect(joinErrorCode(refusal)).toBe('server/coordination-unavailable');
    expect(joinErrorCode(new Error('action/unavailable: the table is moving to another server; try again in a few seconds'))).toBe('action/unavailable');
  });

  it('reads a 503 that names no code, and a seat reservation gone, as "join again soon" (a reviewer: they read as network, not tried again)', () => {
    // colyseus.js' refusal: the answer's `error` as the message, the HTTP status as the code; a server starting and
    // the front's own 503 answer `{ error: { code, message } }`, which it shows as "[object Object]".
    const refusal = (code: number | undefined, message: string): Error => Object.assign(new Error(message), { code });
    expect(joinErrorCode(refusal(503, '[object Object]'))).toBe('action/unavailable');
    expect(joinErrorCode(refusal(undefined, 'seat reservation expired.'))).toBe('action/unavailable');
    expect(joinErrorCode(refusal(503, 'server/coordination-unavailable: try again in a few seconds'))).toBe('server/coordination-unavailable');
    expect(joinErrorCode(refusal(503, 'action/unavailable: the table is moving to another server'))).toBe('action/unavailable');
    expect(joinErrorCode(refusal(500, '[object Object]'))).toBe('network');
  });

  it('reads the sequence number of a request id', () => {
    expect(sequenceOf('k3x9-12')).toBe(12);
    expect(sequenceOf('r')).toBeNull();
  });
});

describe('a first join refused as "try again in a few seconds"', () => {
  /** A join refused with `codes` in turn (an `ApiError` each), then joined ('room'). */
  function joins(...codes: string[]) {
    return vi.fn(async () => {
      const code = codes.shift();
      if (code !== undefined) throw new ApiError(code, `${code}: refused`);
      return 'room';
    });
  }
  const waits: number[] = [];
  const wait = async (ms: number) => void waits.push(ms);
  afterEach(() => void waits.splice(0));

  it('is tried again while the table moves or Redis is away (an operator: the player was turned away at once)', async () => {
    const join = joins('action/unavailable', 'server/coordination-unavailable', 'action/unavailable');
    await expect(joinRetryingSoon(join, 8, wait)).resolves.toBe('room');
    expect(join).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([300, 600, 1200]);
  });

  it('gives up after its retries, and at once on any other refusal', async () => {
    const moving = joins(...Array<string>(10).fill('action/unavailable'));
    await expect(joinRetryingSoon(moving, 3, wait)).rejects.toMatchObject({ code: 'action/unavailable' });
    expect(moving).toHaveBeenCalledTimes(4);
    const unknown = joins('table/unknown');
    await expect(joinRetryingSoon(unknown, 3, wait)).rejects.toMatchObject({ code: 'table/unknown' });
    expect(unknown).toHaveBeenCalledTimes(1);
  });
});

// An operator's: a process stopped by SIGSTOP left a seated player's socket open and silent (nothing closes it), and
// the page never joined again: it showed the frozen table until the process was killed.
describe("a table's heartbeat (docs/protocol.md `ping`)", () => {
  it('pings while the table speaks, and joins again once it has been silent past SILENCE_MS, pings unanswered', () => {
    const heardAt = 1_000_000;
    expect(heartbeat(heardAt, heardAt + PING_EVERY_MS)).toBe('ping');
    expect(heartbeat(heardAt, heardAt + SILENCE_MS)).toBe('ping');
    expect(heartbeat(heardAt, heardAt + SILENCE_MS + 1)).toBe('rejoin');
    // Three pings go unanswered before the rejoin: a busy server's late pong is not taken for a dead one.
    expect(SILENCE_MS / PING_EVERY_MS).toBeGreaterThanOrEqual(3);
  });
});
