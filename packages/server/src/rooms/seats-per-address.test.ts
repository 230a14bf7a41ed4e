/**
 * The cap on seats per client address at one table (docs/server.md "Limits", `PAIGOW_SEATS_PER_IP`): an attacker's
 * guests from one address sat in every seat of a table and kept them with a 1.00 round a minute, and a real player
 * was told `action/table-full`. The addresses are the ones a proxy on this machine names (`X-Forwarded-For`), as
 * behind the cluster's nginx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../server.js';
import { createStore, signIn, startTestServer, TEST_RATE_LIMITS, TestClient, type TestStore } from '../testing/harness.js';

const HOME = '203.0.113.7';
const ELSEWHERE = '198.51.100.20';

describe('seats per client address at one table', () => {
  let store: TestStore;
  let server: ServerHandle;

  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { limits: { ...TEST_RATE_LIMITS, seatsPerIp: 3 } });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  /** Signs `nickname` in and joins the table from `address`; returns its client and session token. */
  const join = async (nickname: string, address: string): Promise<TestClient & { token: string }> => {
    const session = await signIn(server, nickname);
    return Object.assign(await TestClient.join(server, 'small', session.token, nickname.toLowerCase(), address), { token: session.token });
  };
  const seats = (client: TestClient): (string | null)[] => client.view.seats.map((seat) => seat?.nickname ?? null);

  it('seats 3 players of one address, refuses the 4th with seat/address-limit, frees the place when one stands, and never refuses a kept seat', async () => {
    const home = [await join('Ann', HOME), await join('Bea', HOME), await join('Cy', HOME)];
    for (const [seat, client] of home.entries()) expect((await client.act('sit', { seat })).you?.seat).toBe(seat);
    const dot = await join('Dot', HOME);
    const before = seats(dot);
    // Any seat, or a named one: refused, and nothing changes.
    for (const payload of [{}, { seat: 4 }]) {
      const { error, between } = await dot.refused('sit', payload);
      expect(error.code).toBe('seat/address-limit');
      expect(between.filter((item) => item.kind === 'view')).toEqual([]);
    }
    expect(dot.view.you?.seat).toBeNull();
    expect(seats(dot)).toEqual(before);

    // Another address sits.
    const eve = await join('Eve', ELSEWHERE);
    expect((await eve.act('sit', { seat: 5 })).you?.seat).toBe(5);

    // One of the address stands: its place goes to the next, and the address is at its cap again.
    await home[0].act('stand');
    expect((await dot.act('sit', {})).you?.seat).toBe(0);
    expect((await home[0].refused('sit', {})).error.code).toBe('seat/address-limit');

    // Its connection lost (its seat kept), a player of the address at its cap joins again and finds its seat: its
    // join sends no `sit`, and nothing refuses it.
    await home[1].leave(false);
    const back = await TestClient.join(server, 'small', home[1].token, 'bea', HOME);
    expect(back.view.you?.seat).toBe(1);
    expect(back.received.filter((item) => item.kind === 'error')).toEqual([]);
    expect(seats(back)).toEqual(['Dot', 'Bea', 'Cy', null, null, 'Eve']);
    for (const client of [home[0], home[2], dot, eve, back]) await client.leave();
  });
});
