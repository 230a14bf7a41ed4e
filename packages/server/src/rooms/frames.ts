/**
 * Reading a client's table message from its WebSocket frame (docs/server.md "Limits"): Colyseus frames a
 * room message as the `ROOM_DATA` byte, the message type (a string or a number, `@colyseus/schema`'s
 * encoding) and the payload (msgpack). A frame that cannot be read is refused here, so the room can answer it
 * with a typed `error` before closing the connection (Colyseus would close it silently and print a stack trace, or
 * ignore it: an empty frame, an unknown code, a join with bytes after it). One over the size limit never comes here:
 * the WebSocket layer closes it unread (1009, `rooms/game-server.ts`); the check below stays for any other caller.
 */
import { C1, Unpackr } from '@colyseus/msgpackr';
import { Protocol } from '@colyseus/core';
import { decode, type Iterator } from '@colyseus/schema';
import { err, ok, type Result } from '@paigow/engine';

/** UTF-8 that throws on bytes that are not UTF-8 (a message type must be text). */
const utf8 = new TextDecoder('utf-8', { fatal: true });

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
 *   could not be decoded (empty, not `ROOM_DATA`, a truncated type, a type that is not UTF-8, a payload that is not msgpack, one that holds
 *   msgpack's never-used byte 0xC1, or msgpackr's extensions for shared references)
 */
export function decodeRoomData(frame: Buffer, maxBytes: number): Result<RoomData> {
  if (frame.byteLength > maxBytes) return err('action/invalid', `a message may be at most ${maxBytes} bytes; this one has ${frame.byteLength}`);
  // Bytes messages (`ROOM_DATA_BYTES`) and unknown codes are not this protocol's: Colyseus would ignore them silently.
  if (frame[0] !== Protocol.ROOM_DATA) return err('action/invalid', 'the message could not be decoded');
  try {
    const it: Iterator = { offset: 1 };
    const type = isStringHead(frame[it.offset]) ? messageType(frame, it) : decode.number(frame, it);
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

/** Whether `head` starts a msgpack string: fixstr, str8, str16 or str32. */
function isStringHead(head: number | undefined): boolean {
  return head !== undefined && ((head >= 0xa0 && head <= 0xbf) || head === 0xd9 || head === 0xda || head === 0xdb);
}

/**
 * The string message type at `it.offset`, read past. Read here, not by `@colyseus/schema`'s `decode.string`: that
 * one returns what is there of a type announced longer than the frame, and for bytes that are not UTF-8 prints a
 * line of its own on the console and returns replacement characters (an attacker's finding: a plain-text line in
 * the JSON log per message, and the frame answered `action/unknown`, not refused). The empty string (fixstr 0xa0)
 * is a type like any other (an unknown one).
 * @throws Error for a type announced longer than the frame, or not UTF-8 (the frame is undecodable)
 */
function messageType(frame: Buffer, it: Iterator): string {
  const { start, end } = stringSpan(frame, it.offset);
  if (end > frame.byteLength) throw new Error('truncated message type');
  const type = utf8.decode(frame.subarray(start, end));
  it.offset = end;
  return type;
}

/**
 * Where the text of the string whose header is at `offset` starts and ends (fixstr, str8, str16, str32), read as
 * `@colyseus/schema`'s `encode.string` writes it for colyseus.js (and its `decode.string` reads it): msgpack's headers,
 * but a str16's and a str32's length little-endian (msgpack says big-endian: read so, a type of 256 characters or more
 * was misread and its frame refused as undecodable, an attacker's finding), and a str8's length modulo 255, so that a
 * type of 255 bytes comes as a str8 of length 0, read here as 255 (no encoder writes a str8 under 32 bytes: fixstr).
 * `end` is past the frame when the header or the text is.
 */
function stringSpan(frame: Buffer, offset: number): { start: number; end: number } {
  const head = frame[offset] as number;
  if (head <= 0xbf) return { start: offset + 1, end: offset + 1 + (head & 0x1f) };
  const width = head === 0xd9 ? 1 : head === 0xda ? 2 : 4;
  const start = offset + 1 + width;
  if (start > frame.byteLength) return { start, end: Infinity };
  const length = frame.readUIntLE(offset + 1, width);
  return { start, end: start + (head === 0xd9 && length === 0 ? 255 : length) };
}
