/**
 * Hints at the table (docs/protocol.md `hint`) with a stand-in hint service, to control its timing:
 * a hint being computed never holds up play, one that comes back after the decision timer ran out is
 * dropped, and a failed computation is refused with `action/unavailable`. (table-room.test.ts plays
 * hints with the real worker pool.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCard, houseWay, type Hand, type SettingHint } from '@paigow/engine';
import type { HintService } from '../hint/index.js';
import type { ServerHandle } from '../server.js';
import { createStore, signIn, startTestServer, TestClient, type TestStore } from '../testing/harness.js';

/** A hint service that answers after `delayMs` (the house way as the best), or fails when `fail` is set. */
class SlowHints implements HintService {
  delayMs = 1_500;
  fail = false;
  calls = 0;
  async compute(cards: Hand): Promise<SettingHint> {
    this.calls += 1;
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.fail) throw new Error('no worker');
    const way = houseWay(cards);
    const setting = { high: way.high.map(formatCard), low: way.low.map(formatCard), ev: 0.01, evMargin: 0.004 };
    return { best: { ...setting, win: 0.4, push: 0.2, loss: 0.4 }, houseWay: { ...setting, rule: way.rule }, samples: 90_000 };
  }
}

describe('hints that take their time', () => {
  let store: TestStore;
  let server: ServerHandle;
  const hints = new SlowHints();

  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { hints });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  it('never hold up play: the other players act while a hint is computed', async () => {
    const [a, b] = await Promise.all([signIn(server, 'Lu'), signIn(server, 'Mo')]);
    const lu = await TestClient.join(server, 'small', a.token, 'lu');
    const mo = await TestClient.join(server, 'small', b.token, 'mo');
    try {
      await lu.act('sit', { seat: 0 });
      await mo.act('sit', { seat: 1 });
      await lu.act('bet', { spot: 'main', amountCents: 500 });
      await mo.act('bet', { spot: 'main', amountCents: 500 });
      await lu.act('deal');
      await mo.act('deal');
      await lu.waitForView((v) => v.phase === 'setting');
      const asked = performance.now();
      const hint = lu.hint();
      // Mo's House Way is answered long before Lu's hint comes back.
      await mo.waitForView((v) => v.phase === 'setting');
      await mo.act('house-way');
      expect(performance.now() - asked).toBeLessThan(hints.delayMs);
      const { hint: reply, ms } = await hint;
      expect(ms).toBeGreaterThanOrEqual(hints.delayMs - 50);
      expect(reply.houseWay.low).toHaveLength(2);
      await lu.act('house-way');
    } finally {
      await lu.leave();
      await mo.leave();
    }
  });

  it('drop a hint that comes back after the decision timer ran out (the house way set the hand)', async () => {
    const session = await signIn(server, 'Ned');
    const ned = await TestClient.join(server, 'quick', session.token, 'ned'); // decision timer 0.6 s
    try {
      await ned.act('sit', { seat: 0 });
      await ned.act('bet', { spot: 'main', amountCents: 500 });
      const dealt = await ned.act('deal');
      const requestId = ned.send('hint');
      const settled = await ned.waitForView((v) => v.lastRound?.roundId === dealt.roundId, 0, 5_000);
      expect(settled.lastRound!.players[0].setBy).toBe('timeout');
      await new Promise((resolve) => setTimeout(resolve, hints.delayMs + 300));
      expect(ned.received.some((r) => (r.kind === 'hint' && r.hint.requestId === requestId) || (r.kind === 'error' && r.error.requestId === requestId))).toBe(false);
    } finally {
      await ned.leave();
    }
  });

  it("compute a hand's hint once a round: asked again, the same hint comes back at once", async () => {
    const session = await signIn(server, 'Pia');
    const pia = await TestClient.join(server, 'small', session.token, 'pia');
    hints.delayMs = 300;
    try {
      await pia.act('sit', { seat: 3 });
      await pia.act('bet', { spot: 'main', amountCents: 500 });
      await pia.act('deal');
      await pia.waitForView((v) => v.phase === 'setting');
      const before = hints.calls;
      const first = await pia.hint();
      const again = [];
      for (let i = 0; i < 5; i++) again.push(await pia.hint());
      // One computation for six asks (a player asking in a loop kept the shared hint workers busy).
      expect(hints.calls - before).toBe(1);
      for (const { hint, ms } of again) {
        expect(hint.best).toEqual(first.hint.best);
        expect(ms).toBeLessThan(hints.delayMs);
      }
      await pia.act('house-way');
      // The next round's hand gets its own hint.
      await pia.waitForView((v) => v.phase === 'betting');
      await pia.act('bet', { spot: 'main', amountCents: 500 });
      await pia.act('deal');
      await pia.waitForView((v) => v.phase === 'setting');
      await pia.hint();
      expect(hints.calls - before).toBe(2);
      await pia.act('house-way');
    } finally {
      hints.delayMs = 1_500;
      await pia.leave();
    }
  });

  it('refuse a hint whose computation failed with action/unavailable', async () => {
    const session = await signIn(server, 'Oz');
    const oz = await TestClient.join(server, 'small', session.token, 'oz');
    hints.fail = true;
    hints.delayMs = 10;
    try {
      await oz.act('sit', { seat: 2 });
      await oz.act('bet', { spot: 'main', amountCents: 500 });
      await oz.act('deal');
      const { error } = await oz.refused('hint', {});
      expect(error.code).toBe('action/unavailable');
      // The player may ask again (nothing is left pending) and plays on.
      hints.fail = false;
      const { hint } = await oz.hint();
      expect(hint.best.low).toHaveLength(2);
      await oz.act('house-way');
    } finally {
      await oz.leave();
    }
  });

  // An operator's: a hung process left a player's socket open and silent, and the page never joined again; the page now
  // pings its table (docs/protocol.md `ping`), answered by the process itself, past the table's queue.
  it('answer a ping with a pong at once, while a hint of the same player is being computed', async () => {
    const session = await signIn(server, 'Pip');
    const pip = await TestClient.join(server, 'small', session.token, 'pip');
    hints.delayMs = 1_500;
    hints.fail = false;
    try {
      await pip.act('sit', { seat: null });
      await pip.act('bet', { spot: 'main', amountCents: 500 });
      await pip.act('deal');
      const asked = pip.send('hint');
      const started = performance.now();
      const from = pip.received.length;
      const pinged = pip.send('ping');
      await pip.waitFor((r) => r.kind === 'pong' && r.pong.requestId === pinged, from, 5_000);
      expect(performance.now() - started).toBeLessThan(hints.delayMs);
      expect(pip.received.some((r) => r.kind === 'hint' && r.hint.requestId === asked)).toBe(false);
    } finally {
      await pip.leave();
    }
  });
});
