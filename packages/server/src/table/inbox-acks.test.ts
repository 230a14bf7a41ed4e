/**
 * Acknowledgements of inbox events (`ack-notice`, one per player per settled round) are written in batches: those
 * of every player within `ACK_BATCH_MS` by one statement (docs/server.md "The player inbox").
 */
import { describe, expect, it } from 'vitest';
import type { EventAck, PlayerEvent } from '../ledger/index.js';
import { ACK_BATCH_MS, InboxDelivery } from './inbox.js';

describe('InboxDelivery.acknowledge', () => {
  it(`writes the acknowledgements of ${ACK_BATCH_MS} ms by one statement, and rejects them all when it fails`, async () => {
    const calls: EventAck[][] = [];
    let fail = false;
    const inbox = new InboxDelivery({
      recordEvents: () => Promise.resolve([]),
      unackedEvents: () => Promise.resolve([]),
      ackEvents: (acks) => {
        calls.push([...acks]);
        return fail ? Promise.reject(new Error('database down')) : Promise.resolve(acks.length);
      },
    });
    await Promise.all([inbox.acknowledge('alice', 1), inbox.acknowledge('bob', 4), inbox.acknowledge('alice', 2)]);
    expect(calls).toEqual([
      [
        { playerId: 'alice', seq: 1 },
        { playerId: 'bob', seq: 4 },
        { playerId: 'alice', seq: 2 },
      ],
    ]);

    fail = true;
    const outcomes = await Promise.allSettled([inbox.acknowledge('carol', 7), inbox.acknowledge('dan', 8)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toHaveLength(2);
  });
});

describe('InboxDelivery.forgetAllBut', () => {
  it('forgets what it sent to players no longer connected, so the record does not grow with every player served', async () => {
    const asked: Map<string, number>[] = [];
    const events = new Map([
      ['alice', { playerId: 'alice', seq: 3 }],
      ['bob', { playerId: 'bob', seq: 5 }],
    ]);
    const inbox = new InboxDelivery({
      recordEvents: () => Promise.resolve([]),
      unackedEvents: (playerIds, after) => {
        asked.push(new Map(after));
        return Promise.resolve(playerIds.flatMap((playerId) => {
          const event = events.get(playerId);
          return event === undefined ? [] : [{ ...event, tableId: 't', notice: { kind: 'idle-stood-up' }, createdAtMs: 0 } as unknown as PlayerEvent];
        }));
      },
      ackEvents: (acks) => Promise.resolve(acks.length),
    });
    expect((await inbox.fresh(['alice', 'bob'])).map((event) => event.seq)).toEqual([3, 5]);
    expect(await inbox.fresh(['alice', 'bob'])).toEqual([]);
    inbox.forgetAllBut(new Set(['alice']));
    await inbox.fresh(['alice']);
    expect(asked.at(-1)).toEqual(new Map([['alice', 3]]));
    // Bob, back, is sent what he has not acknowledged, once.
    expect((await inbox.fresh(['bob'])).map((event) => event.seq)).toEqual([5]);
  });
});
