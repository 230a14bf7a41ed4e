/**
 * Acknowledgements of inbox events (`ack-notice`, one per player per settled round) are written in batches: those
 * of every player within `ACK_BATCH_MS` by one statement (docs/server.md "The player inbox").
 */
import { describe, expect, it } from 'vitest';
import type { EventAck } from '../ledger/index.js';
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
