/**
 * Colyseus' log as the server's lines (`colyseusLogger`): a client's mistakes, which a client makes at will
 * (an attacker's 5,000 WebSockets on a bogus path wrote 5,000 lines in 19 s), are at most one line per kind
 * every 5 s, the next one counting those not written (`repeated`); anything else is one line per call.
 */
import { describe, expect, it } from 'vitest';
import { colyseusLogger } from './colyseus.js';
import { capturedLog } from '../testing/log-capture.js';

/** What Colyseus' ws-transport logs for a WebSocket whose path names no reservation. */
const NO_SEAT = new Error('seat reservation expired.');

describe("Colyseus' log (colyseusLogger)", () => {
  it('writes 1,000 client mistakes in a burst as one line, and the next after 5 s with the count not written', () => {
    const { logger, lines } = capturedLog();
    let nowMs = 1_000_000;
    const colyseus = colyseusLogger(logger, 5_000, () => nowMs);
    for (let i = 0; i < 1_000; i++) {
      colyseus.error(NO_SEAT);
      nowMs += 4; // 1,000 in 4 s, all within the interval of the first line
    }
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ level: 'warn', source: 'colyseus', event: 'client-mistake', err: { type: 'ClientMistake', message: 'Error: seat reservation expired.' } });
    expect(lines()[0]).not.toHaveProperty('repeated');
    expect(lines()[0]).not.toHaveProperty('stack');

    nowMs += 1_000; // 5 s after the first line
    colyseus.error(NO_SEAT);
    expect(lines()).toHaveLength(2);
    expect(lines()[1]).toMatchObject({ level: 'warn', event: 'client-mistake', repeated: 999 });
  });

  it('throttles each kind of mistake on its own, and never the server’s own errors', () => {
    const { logger, lines } = capturedLog();
    const colyseus = colyseusLogger(logger, 5_000, () => 0);
    for (let i = 0; i < 10; i++) colyseus.error(NO_SEAT);
    colyseus.error(new RangeError('Invalid WebSocket frame: invalid opcode 7'));
    colyseus.error(new TypeError('Cannot read properties of undefined'));
    colyseus.error(new TypeError('Cannot read properties of undefined'));
    colyseus.info('room created');
    expect(lines().map((line) => [line.level, line.event ?? null, line.msg])).toEqual([
      ['warn', 'client-mistake', 'a WebSocket without a valid seat reservation (its path names no room here, or no reservation of it)'],
      ['warn', 'client-mistake', 'RangeError: Invalid WebSocket frame: invalid opcode 7'],
      ['error', null, 'TypeError: Cannot read properties of undefined'],
      ['error', null, 'TypeError: Cannot read properties of undefined'],
      ['info', null, 'room created'],
    ]);
  });

  it("writes a client that hung up while joining (Colyseus' early_leave) as a client mistake, without a stack", () => {
    const { logger, lines } = capturedLog();
    const colyseus = colyseusLogger(logger, 5_000, () => 0);
    const earlyLeave = new Error('early_leave');
    earlyLeave.stack = 'Error: early_leave\n    at TableRoom._onJoin (Room.mjs:524:17)\n    at async WebSocketServer.onConnection (WebSocketTransport.mjs:80:7)';
    for (let i = 0; i < 10; i++) colyseus.error(earlyLeave);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ level: 'warn', event: 'client-mistake', msg: 'a client closed its WebSocket while it was joining a table' });
    expect(lines()[0]).not.toHaveProperty('stack');
  });
});
