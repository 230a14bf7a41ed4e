/**
 * Database faults injected from outside the server (test support; not used by the server): on PostgreSQL
 * a row lock held by another session, whose waiters can then be cancelled (`pg_cancel_backend`) or
 * terminated (`pg_terminate_backend`) in the middle of their transaction; on SQLite another process
 * holding `BEGIN IMMEDIATE` on the file; a network partition between the server and PostgreSQL (`partitionRelay`).
 */
import { spawn } from 'node:child_process';
import { connect as connectTo, createServer, type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** A lock held from outside until `release()`. */
export interface OutsideLock {
  /**
   * PostgreSQL: cancels or terminates every backend waiting for this lock now, and again each time one
   * waits, until `stop(interruptedSoFar)` returns true; resolves with how many it interrupted. SQLite:
   * waits until `stop(0)` (a waiter there gives up by itself after its busy wait).
   */
  interruptWaiters(how: 'cancel' | 'terminate', stop: (interrupted: number) => boolean): Promise<number>;
  release(): Promise<void>;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` (polling every 20 ms), at most `timeoutMs`. @throws Error on the timeout */
export async function until(done: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for a condition');
    await pause(20);
  }
}

/** Holds `FOR UPDATE` on the row `id` of `table` in PostgreSQL schema `schema`, from another session. */
export async function holdPostgresRow(url: string, schema: string, table: 'accounts' | 'rounds', id: string): Promise<OutsideLock> {
  const holder = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  const admin = new pg.Client({ connectionString: url });
  await Promise.all([holder.connect(), admin.connect()]);
  await holder.query('begin');
  const locked = await holder.query(`select id from ${table} where id = $1 for update`, [id]);
  if (locked.rowCount !== 1) throw new Error(`no row ${id} in ${table}`);
  const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
  const holderPid = rows[0].pid;
  return {
    async interruptWaiters(how, stop) {
      let count = 0;
      while (!stop(count)) {
        const waiting = await admin.query<{ pid: number }>('select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [holderPid]);
        for (const { pid } of waiting.rows) {
          await admin.query(how === 'cancel' ? 'select pg_cancel_backend($1)' : 'select pg_terminate_backend($1)', [pid]);
          count++;
        }
        await pause(20);
      }
      return count;
    },
    async release() {
      await holder.query('rollback').catch(() => undefined);
      await Promise.all([holder.end(), admin.end()]);
    },
  };
}

const SERVER_PACKAGE = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Holds `BEGIN IMMEDIATE` (or `BEGIN EXCLUSIVE`, `how`) on the SQLite file `path` from another process (as an operator's
 * `sqlite3` shell would). Under WAL the two are the same lock: writers wait, readers do not.
 */
export async function holdSqliteFile(path: string, how: 'immediate' | 'exclusive' = 'immediate'): Promise<OutsideLock> {
  const script = `
    const db = require('better-sqlite3')(process.argv[1]);
    db.exec('begin ${how}');
    process.stdout.write('locked\\n');
    process.stdin.on('data', () => { db.exec('commit'); db.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', script, path], { cwd: SERVER_PACKAGE, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    void exited.then((code) => reject(new Error(`the outside writer exited with ${code}`)));
  });
  return {
    async interruptWaiters(_how, stop) {
      await until(() => stop(0), 60_000);
      return 0;
    },
    async release() {
      child.stdin.write('commit\n');
      const code = await exited;
      if (code !== 0) throw new Error(`the outside writer exited with ${code}`);
    },
  };
}

/**
 * A TCP relay to a PostgreSQL server that a test can cut off as a network partition does (`partitionRelay`): the
 * database's URL through it is `url`.
 */
export interface PartitionRelay {
  /** The database URL given to `partitionRelay` with the relay's host and port. */
  readonly url: string;
  /** The clients' connections the relay has open: those accepted and not yet closed by their client. */
  readonly connections: number;
  /**
   * Forwards nothing from now on, in either direction, and closes nothing: packets dropped, no connection closed or
   * refused. A new connection is accepted (as a proxy in the path would), its bytes held as well.
   */
  pause(): void;
  /** Forwards what was held (bytes, then a close), in order, and everything after: TCP retransmits once a partition heals. */
  resume(): void;
  /** Closes every connection and stops listening. */
  close(): Promise<void>;
}

/**
 * A relay on a free loopback port to the host and port of `databaseUrl` (PostgreSQL's 5432 by default): each
 * connection accepted is piped to one of its own to the database until `pause()` (see `PartitionRelay`).
 */
export async function partitionRelay(databaseUrl: string): Promise<PartitionRelay> {
  const target = new URL(databaseUrl);
  let paused = false;
  /** What a partition held back, in order: writes and closes. */
  let held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const pass = (step: () => void): void => {
    if (paused) held.push(step);
    else step();
  };
  const forward = (from: Socket, to: Socket): void => {
    from.on('data', (chunk: Buffer) => pass(() => to.write(chunk)));
    from.on('close', () => pass(() => to.destroy()));
    from.on('error', () => undefined);
  };
  const server = createServer((client) => {
    const upstream = connectTo(Number(target.port || 5432), target.hostname);
    connections++;
    client.once('close', () => connections--);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const through = new URL(databaseUrl);
  through.hostname = '127.0.0.1';
  through.port = String((server.address() as AddressInfo).port);
  return {
    url: through.toString(),
    get connections() {
      return connections;
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      const steps = held;
      held = [];
      for (const step of steps) step();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
