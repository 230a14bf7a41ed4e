/**
 * Time-ordered ids (UUID version 7: the time in ms, then 74 random bits) for the ledger's rows and the rounds, so
 * that new rows go at the end of their primary key's index (docs/server.md "The ledger's accounts").
 */
import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Random bytes drawn from the system at a time: `uuid` asks for 16 per id, and one call each was 1.2% of the server's time. */
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let used = POOL_BYTES;

/** The next 16 random bytes of the pool (refilled from node:crypto when spent); `uuid` reads them at once. */
function random16(): Uint8Array {
  if (used + 16 > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  return pool.subarray(used, (used += 16));
}

/** The last id's time (epoch ms) and counter: ids made within one millisecond count up, as `uuid`'s own `v7()` does. */
let lastMs = -Infinity;
let counter = 0;

/**
 * A new time-ordered id: a UUID version 7 in its 36-character text form, greater than every one made before by this
 * process (within a millisecond the 31-bit counter goes up by one from a random start; `uuid`'s `v7()` keeps that
 * order only when it draws the random bytes itself).
 */
export function timeOrderedId(): string {
  const random = random16();
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    counter = ((random[6] & 0x7f) << 24) | (random[7] << 16) | (random[8] << 8) | random[9];
  } else {
    counter = (counter + 1) | 0;
    if (counter === 0) lastMs += 1;
  }
  return uuidv7({ random, msecs: lastMs, seq: counter });
}
