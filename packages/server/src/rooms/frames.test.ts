/**
 * Reading a table message from its frame (`rooms/frames.ts`) as Colyseus' protocol writes it: the type with
 * `@colyseus/schema`'s `encode.string` (what colyseus.js' `Room.send` uses), the payload with msgpackr.
 */
import { pack } from '@colyseus/msgpackr';
import { Protocol } from '@colyseus/core';
import { encode } from '@colyseus/schema';
import { describe, expect, it } from 'vitest';
import { decodeRoomData } from './frames.js';

/**
 * The frame of `room.send(type, payload)` as colyseus.js' `Room.send` means it (for a type of 253 bytes or more it
 * writes the payload over the type: msgpackr keeps only `offset & 0xff` bytes before it).
 */
function sentFrame(type: string, payload: unknown): Buffer {
  const head = Buffer.alloc(6 + Buffer.byteLength(type)); // ROOM_DATA, the longest header (str32), the text
  head[0] = Protocol.ROOM_DATA;
  const it = { offset: 1 };
  encode.string(head, type, it);
  return Buffer.concat([head.subarray(0, it.offset), pack(payload)]);
}

describe('decodeRoomData', () => {
  // An attacker's: a type of 255 characters or more was refused as undecodable (action/invalid, the connection closed
  // 4400), not answered action/unknown. @colyseus/schema writes a str16's and a str32's length little-endian (msgpack
  // says big-endian; Colyseus' own decoder reads them as it writes them), and a str8's modulo 255: 255 as 0.
  it('reads a type of any length as Colyseus writes it (fixstr, str8, 255 as 0, str16 and str32 little-endian)', () => {
    for (const type of ['bet', 'x'.repeat(31), 'x'.repeat(32), 'x'.repeat(254), 'x'.repeat(255), 'x'.repeat(256), 'é'.repeat(200), 'x'.repeat(65_535), 'x'.repeat(70_000)]) {
      const decoded = decodeRoomData(sentFrame(type, { requestId: 'r1' }), 100_000);
      expect(decoded.ok ? { length: String(decoded.value.type).length, payload: decoded.value.payload } : decoded.error, `${type.length} characters`).toEqual({
        length: type.length,
        payload: { requestId: 'r1' },
      });
    }
    const bare = decodeRoomData(sentFrame('x'.repeat(255), undefined).subarray(0, 3 + 255), 4_096);
    expect(bare).toEqual({ ok: true, value: { type: 'x'.repeat(255), payload: undefined } });
  });

  it('refuses a type announced longer than the frame, whatever its header', () => {
    for (const type of ['x'.repeat(255), 'x'.repeat(256), 'x'.repeat(70_000)]) {
      const frame = sentFrame(type, { requestId: 'r1' });
      const cut = frame.subarray(0, frame.indexOf(0x78) + type.length - 1); // one character short, no payload
      expect(decodeRoomData(cut, 100_000), `${type.length} characters`).toEqual({ ok: false, error: { code: 'action/invalid', message: 'the message could not be decoded' } });
    }
    // A str16 whose length is cut off.
    expect(decodeRoomData(Buffer.from([Protocol.ROOM_DATA, 0xda, 0x01]), 4_096).ok).toBe(false);
  });
});
