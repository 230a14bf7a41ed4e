/**
 * Whether the database takes writes, for `/readyz` (docs/operations.md "Health"). A full disk, a read-only file or a
 * failing disk (`faultKindOf` `storage`) lets reads through: the readiness check, a `select 1`, answered `database: ok`
 * while every deal and every sign-up failed (an operator's trial on a full 1.2 MB tmpfs: `/readyz` 200 for 25 s, until
 * the lease ran out). So every storage fault a write of the process meets is noted (`WriteFaults`: the main
 * connection's statements and SQLite's `BEGIN`/`COMMIT`, `createDatabase`; the lease worker's renewals,
 * `startServer`), and the check fails, its reason the fault's (`the disk is full: writes fail (SQLITE_FULL)`), while one
 * was noted in the last `WRITE_FAULT_HOLD_MS`: the process is ready again by itself that long after space is freed.
 *
 * On SQLite a lock not granted (`busy`, after the whole busy wait: another program holds the file, an operator's
 * `sqlite3` shell in a transaction or a second server) fails every write of the process alike, and is noted too (an
 * operator's trial: `/readyz` said `database: ok, 0.2 ms` while deals failed `busy`, then blamed the lease). On
 * PostgreSQL a lock not granted is one row's, and says nothing of the others: not noted.
 *
 * Why a time and not "until a write goes through": on a full disk a small write still goes through while larger ones
 * fail (SQLite reuses the room its WAL file already has: on the full tmpfs a one-row update, and some lease renewals,
 * committed while every deal failed `SQLITE_FULL`), so one success proves nothing, and a check that wrote to see would
 * have said ready. The lease worker writes every heartbeat (5 s by default), so an idle process notices too.
 */
import { sql } from 'kysely';
import type { Database } from './database.js';
import { faultKindOf, lockedFileReason, storageFaultReason } from './faults.js';

/** How long after a write failed on the disk `/readyz` still fails `database`, ms: three lease heartbeats by default. */
export const WRITE_FAULT_HOLD_MS = 15_000;

/** The last storage fault a database's writes met, and when (see the module comment). */
export class WriteFaults {
  #last: unknown = null;
  #atMs = 0;

  /** @param lockedFile whether a lock not granted (`busy`) fails every write: a SQLite file (see the module comment) */
  constructor(private readonly lockedFile = false) {}

  /**
   * Notes `error` when it is a storage fault (`faultKindOf`), or on a SQLite file a lock not granted; any other error
   * says nothing of the writes to come and is ignored.
   * @param atMs when it happened, epoch ms (default now)
   */
  note(error: unknown, atMs: number = Date.now()): void {
    const kind = faultKindOf(error);
    if (kind !== 'storage' && !(kind === 'busy' && this.lockedFile)) return;
    this.#last = error;
    this.#atMs = atMs;
  }

  /**
   * The last storage fault noted less than `WRITE_FAULT_HOLD_MS` before `nowMs` (epoch ms, default now); `null` when none was.
   */
  recent(nowMs: number = Date.now()): unknown {
    return this.#last !== null && nowMs - this.#atMs < WRITE_FAULT_HOLD_MS ? this.#last : null;
  }
}

/** Thrown by `checkDatabase` while writes fail on a storage fault or a locked SQLite file; its message says why. */
export class WritesFail extends Error {
  constructor(cause: unknown) {
    super(storageFaultReason(cause) ?? lockedFileReason(cause) ?? 'writes fail', { cause });
    this.name = 'WritesFail';
  }
}

/**
 * The readiness check of `database` (`/readyz`'s `database`): one trivial read (`select 1`), and no write fault noted
 * in the last `WRITE_FAULT_HOLD_MS` (`database.writes.recent`).
 * @param nowMs the time of the check, epoch ms (default now: the faults are noted on the same clock)
 * @throws the driver's error when the read fails (the database does not answer, or refuses); `WritesFail` while writes
 *   fail on the disk (`the disk is full: writes fail (SQLITE_FULL)`)
 */
export async function checkDatabase(database: Database, nowMs?: number): Promise<void> {
  await sql`select 1`.execute(database.db);
  const fault = database.writes.recent(nowMs);
  if (fault !== null) throw new WritesFail(fault);
}
