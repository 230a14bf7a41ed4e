import { describe, expect, it } from 'vitest';
import type { InboxNotice, TableView } from '@paigow/protocol';
import { ViewPublisher, type ViewClient } from './view-publisher.js';

/** A client that records what it is sent. */
function recorder(): ViewClient & { sent: { type: string; message: unknown }[] } {
  const sent: { type: string; message: unknown }[] = [];
  return { sent, send: (type, message) => sent.push({ type, message }) };
}

const DELAY_MS = 20;
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, DELAY_MS + 5));

describe('ViewPublisher', () => {
  // An operator's: a bot rejoining a moved table got its inbox backlog (a `notice`) before its first view.
  it('sends a joining client its first view on demand, and nothing to a client that has one', () => {
    const view = (playerId: string | null): TableView => ({ phase: 'betting', seats: [1], you: playerId === null ? null : { id: playerId }, serverNowMs: 1 }) as unknown as TableView;
    const old = recorder();
    const joining = recorder();
    const clientsOf = new Map([['A', new Set([old])]]);
    const publisher = new ViewPublisher({ view, clientsOf, othersDelayMs: DELAY_MS });
    publisher.sendFirstView('A');
    clientsOf.set('A', new Set([old, joining]));
    publisher.publish({ ack: null, notices: [] }); // the join's change: the others' views wait
    expect(joining.sent).toEqual([]);
    publisher.sendFirstView('A');
    expect(joining.sent.map((s) => s.type)).toEqual(['view']);
    expect(old.sent.map((s) => s.type)).toEqual(['view']);
    publisher.close();
  });

  it('sends a player no view before the table has its join (you: null), then its whole view', async () => {
    let joined = false;
    const view = (playerId: string | null): TableView =>
      ({ phase: 'betting', seats: [1], you: playerId !== null && joined ? { id: playerId } : null, serverNowMs: 1 }) as unknown as TableView;
    const a = recorder();
    const publisher = new ViewPublisher({ view, clientsOf: new Map([['A', new Set([a])]]), othersDelayMs: DELAY_MS });
    publisher.publish({ ack: null, notices: [] }); // another player's change while A's join is under way
    await tick();
    expect(a.sent).toEqual([]);
    joined = true;
    publisher.publish({ ack: null, notices: [] });
    await tick();
    expect(a.sent.map((s) => s.type)).toEqual(['view']);
    expect((a.sent[0].message as TableView).you).toEqual({ id: 'A' });
    publisher.close();
  });

  it('answers a request at once, tells the others once after a short wait, sends only what changed, and never resends a view the client has', async () => {
    let version = 0;
    const view = (playerId: string | null): TableView => ({ phase: 'betting', seats: [version], you: playerId === null ? null : { id: playerId }, serverNowMs: version }) as unknown as TableView;
    const a = recorder();
    const b = recorder();
    const clientsOf = new Map([
      ['A', new Set([a])],
      ['B', new Set([b])],
    ]);
    const publisher = new ViewPublisher({ view, clientsOf, othersDelayMs: DELAY_MS });
    for (let request = 1; request <= 3; request++) {
      version = request;
      publisher.publish({ ack: { playerId: 'A', requestId: `a-${request}` }, notices: [] });
    }
    // A got each answer with the view of its own change; B nothing yet.
    expect(a.sent.map((s) => (s.message as TableView).ack)).toEqual(['a-1', 'a-2', 'a-3']);
    expect(a.sent.map((s) => (s.message as { seats: number[] }).seats[0])).toEqual([1, 2, 3]);
    expect(b.sent).toEqual([]);
    // Nor at the next turn of the event loop: the others' views wait, so that the changes close together merge.
    await new Promise((resolve) => setImmediate(resolve));
    expect(b.sent).toEqual([]);
    await tick();
    // B got one view, the latest; A nothing more (it has that view).
    expect(b.sent.map((s) => (s.message as { seats: number[] }).seats[0])).toEqual([3]);
    expect(a.sent).toHaveLength(3);
    // A change B already sees (only the clock moved) sends B nothing; a notice goes after its view, at once.
    publisher.publish({ ack: null, notices: [] });
    await tick();
    expect(b.sent).toHaveLength(1);
    version = 4;
    const notice = { code: 'notice/bet-returned', params: {}, message: 'x', seq: 1, tableId: 't' } as unknown as InboxNotice;
    publisher.publish({ ack: null, notices: [{ playerId: 'B', notice }] });
    expect(b.sent.map((s) => s.type)).toEqual(['view', 'view-patch', 'notice']);
    // A's first message was its whole view, the next ones what changed: the seats, the clock and the ack only.
    expect(a.sent.map((s) => s.type)).toEqual(['view', 'view-patch', 'view-patch']);
    expect(Object.keys(a.sent[1].message as object).sort()).toEqual(['ack', 'seats', 'serverNowMs']);
    // A refused request that changed the table (a bet whose check read the ledger's balance): the view of the
    // requester goes at once, without an ack, before the refusal; the others' wait.
    version = 5;
    publisher.publish({ ack: { playerId: 'A', requestId: null }, notices: [] });
    expect(a.sent.at(-1)).toEqual({ type: 'view-patch', message: { seats: [5], serverNowMs: 5, ack: null } });
    expect(b.sent).toHaveLength(3);
    publisher.close();
    await tick();
    expect(a.sent).toHaveLength(4);
    expect(b.sent).toHaveLength(3);
  });

  // An attacker's clients that never acknowledged their join had every patch of a busy table queued for them, without bound.
  it('sends a client still joining its first view and nothing more; once it has joined, one patch from that view to the latest', async () => {
    let version = 1;
    const view = (playerId: string | null): TableView => ({ phase: 'betting', seats: [version], you: playerId === null ? null : { id: playerId }, serverNowMs: version }) as unknown as TableView;
    const silent = recorder();
    const other = recorder();
    const joining = new Set([silent]);
    const publisher = new ViewPublisher({ view, clientsOf: new Map([['A', new Set([silent, other])]]), othersDelayMs: DELAY_MS, joining: (client) => joining.has(client) });
    // Its join's view goes (Colyseus queues it until the client has joined); every later change waits.
    publisher.sendFirstView('A');
    for (let change = 2; change <= 5; change++) {
      version = change;
      publisher.publish({ ack: change === 3 ? { playerId: 'A', requestId: 'a-3' } : null, notices: [] });
      await tick();
    }
    expect(silent.sent.map((s) => s.type)).toEqual(['view']);
    expect(other.sent.map((s) => s.type)).toEqual(['view', 'view-patch', 'view-patch', 'view-patch', 'view-patch']);
    // Joined: one patch from its first view to the latest, without an ack; nothing when nothing changed since.
    joining.delete(silent);
    publisher.joined(silent, 'A');
    expect(silent.sent.slice(1)).toEqual([{ type: 'view-patch', message: { seats: [5], serverNowMs: 5, ack: null } }]);
    publisher.joined(silent, 'A');
    expect(silent.sent).toHaveLength(2);
    // A client with no view yet gets none from `joined` (its first comes with its join).
    const fresh = recorder();
    publisher.joined(fresh, 'A');
    expect(fresh.sent).toEqual([]);
    publisher.close();
  });
});
