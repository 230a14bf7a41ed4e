/**
 * The requests a server has accepted and not answered (`http/in-flight.ts`; docs/server.md "Drain"): a connection
 * closed before its answers leaves none of its requests behind.
 */
import { createServer, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { RequestsInFlight } from './in-flight.js';

describe('RequestsInFlight', () => {
  // An attacker's pipelined flood: Node emits no 'close' for the answers queued behind the one being written when their
  // connection goes, and the map kept them, with what they had written, for good (memory stayed at 1.28 GB).
  it('forgets the requests of a connection closed before they were answered, queued ones included', async () => {
    const inFlight = new RequestsInFlight();
    const held: ServerResponse[] = [];
    const http = createServer(inFlight.listener((_req, res) => held.push(res)));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const socket = connect((http.address() as AddressInfo).port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write('GET /a HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(3));
      await vi.waitFor(() => expect(inFlight.size).toBe(3), { timeout: 2_000, interval: 10 });
      socket.destroy();
      await vi.waitFor(() => expect(inFlight.size).toBe(0), { timeout: 2_000, interval: 10 });
      // The stop has nothing left to answer.
      expect(await inFlight.settle(0, () => expect.fail('nothing is in flight'))).toBe(0);
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
