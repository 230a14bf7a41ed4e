/**
 * Reading a client's table message from its WebSocket frame (docs/server.md "Limits"): Colyseus frames a
 * room message as the `ROOM_DATA` byte, the message type (a string or a number, `@colyseus/schema`'s
 * encoding) and the payload (msgpack). A frame that is too large or cannot be read is refused here, so the
 * room can answer it with a typed `error` before closing the connection (Colyseus would close it silently
 * and print a stack trace, or ignore it: an empty frame, an unknown code, a join with bytes after it).
 */
import { C1, Unpackr } from '@colyseus/msgpackr';
import { Protocol } from '@colyseus/core';
import { decode, type Iterator } from '@colyseus/schema';
import { err, ok, type Result } from '@paigow/engine';

/** msgpack's fixstr of length 0. */
const EMPTY_STRING = 0xa0;

/**
 * msgpack as colyseus.js packs a message, without msgpackr's structured-clone extensions (types 0x69 and 0x70: an
 * object given an id, then pointed at again), which its default `unpack` reads: a frame of 20 bytes held an object
 * that holds itself, and one of 775 bytes shared references that unfold to 2^40 values; walking either stalled the
 * process for good (an attacker's finding). A client never sends them: they are refused as undecodable.
 */
const unpacker = new Unpackr({ useRecords: false, structuredClone: false });

/** A decoded room message: its type and payload. */
export interface RoomData {
  readonly type: string | number;
  readonly payload: unknown;
}

/**
 * True when `frame` is one of Colyseus' own control frames a client sends, as colyseus.js sends them: the one byte
 * `JOIN_ROOM` (the join acknowledged) or `LEAVE_ROOM` (a consented leave). Every other frame should be a room message.
 */
export function isControlFrame(frame: Uint8Array): boolean {
  return frame.byteLength === 1 && (frame[0] === Protocol.JOIN_ROOM || frame[0] === Protocol.LEAVE_ROOM);
}

/**
 * Decodes a `ROOM_DATA` frame of at most `maxBytes` bytes.
 * @returns the message; or `action/invalid` naming the limit (a frame over `maxBytes`) or saying that it
 *   could not be decoded (empty, not `ROOM_DATA`, a truncated type, a payload that is not msgpack, one that holds
 *   msgpack's never-used byte 0xC1, or msgpackr's extensions for shared references)
 */
export function decodeRoomData(frame: Buffer, maxBytes: number): Result<RoomData> {
  if (frame.byteLength > maxBytes) return err('action/invalid', `a message may be at most ${maxBytes} bytes; this one has ${frame.byteLength}`);
  // Bytes messages (`ROOM_DATA_BYTES`) and unknown codes are not this protocol's: Colyseus would ignore them silently.
  if (frame[0] !== Protocol.ROOM_DATA) return err('action/invalid', 'the message could not be decoded');
  try {
    const it: Iterator = { offset: 1 };
    // A type string announced longer than the frame is truncated (Colyseus' decoder would return what is there).
    if (decode.stringCheck(frame, it) && stringEnd(frame, it.offset) > frame.byteLength) throw new Error('truncated message type');
    // The empty string (fixstr 0xa0) is a string to colyseus.js' encoder but not to `decode.stringCheck`, which would read
    // it as a number: it is an unknown type like any other, not an unreadable frame.
    const type = frame[it.offset] === EMPTY_STRING ? emptyType(it) : decode.stringCheck(frame, it) ? decode.string(frame, it) : decode.number(frame, it);
    if ((typeof type !== 'string' && typeof type !== 'number') || Number.isNaN(type) || it.offset > frame.byteLength) throw new Error('no message type');
    const payload: unknown = frame.byteLength > it.offset ? unpacker.unpack(frame.subarray(it.offset)) : undefined;
    // No payload at all is colyseus.js' `room.send('stand')`: the action's own check decides (an unknown field is its error).
    if (payload !== undefined && !isPlainPayload(payload, frame.byteLength - it.offset)) throw new Error('msgpack 0xC1, or more values than bytes');
    return ok({ type, payload });
  } catch {
    return err('action/invalid', 'the message could not be decoded');
  }
}

/**
 * Whether `payload`, decoded from `bytes` bytes of msgpack, is plain: it neither is nor holds msgpackr's stand-in for the
 * byte 0xC1, which msgpack never uses (msgpackr decodes it as a value, `C1`, where it should refuse it: an attacker's
 * finding, a payload `0xC1` was answered `action/invalid` with the connection left open), and it holds at most `bytes`
 * values. Every msgpack value takes at least a byte, so more values means shared references (see `unpacker`): the walk
 * stops there, whatever the decoder lets through. Walked without recursion.
 */
function isPlainPayload(payload: unknown, bytes: number): boolean {
  const pending: unknown[] = [payload];
  for (let values = 1; pending.length > 0; values++) {
    if (values > bytes) return false;
    const value = pending.pop();
    if (value === C1) return false;
    if (typeof value === 'object' && value !== null) pending.push(...Object.values(value));
  }
  return true;
}

/** The empty message type, its one byte read. */
function emptyType(it: Iterator): string {
  it.offset += 1;
  return '';
}

/** Where the msgpack string whose header is at `offset` ends (fixstr, str8, str16, str32); past the frame when its header is. */
function stringEnd(frame: Buffer, offset: number): number {
  const head = frame[offset];
  if (head >= 0xa0 && head <= 0xbf) return offset + 1 + (head & 0x1f);
  const width = head === 0xd9 ? 1 : head === 0xda ? 2 : head === 0xdb ? 4 : 0;
  if (offset + 1 + width > frame.byteLength) return Infinity;
  return offset + 1 + width + frame.readUIntBE(offset + 1, width);
}
