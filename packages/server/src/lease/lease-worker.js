// @ts-check
/**
 * Worker-thread entry of the lease keeper (`keeper.ts`, docs/server.md "Processes, leases and
 * recovery"): renews this process's lease (`server_instances.heartbeat_at_ms`) every `heartbeatMs` with
 * its own database connection, so that a busy or blocked main event loop cannot starve it.
 *
 * Plain JavaScript for the same reason as `hint/hint-worker.js`: it is loaded as it is both by the built
 * server and under Vitest (which does not transform worker threads); it imports only Node and the
 * database drivers (better-sqlite3, pg), never the server's TypeScript.
 *
 * workerData: `{ target, instanceId, heartbeatMs, stallMs, statementTimeoutMs, answerMarginMs, keepAliveIdleMs, shared }`
 * (times in ms) where `target` is `{ sqlitePath }` or `{ databaseUrl, schema }` and `shared` a SharedArrayBuffer of three BigInt64 slots:
 * [0] the epoch ms of the last renewal the database confirmed (this worker writes it), [1] 1 once the
 * instance was found stopped or unknown (lost for good; this worker writes it), [2] the epoch ms of the
 * main loop's last ping (`keeper.ts` writes it). A renewal is attempted only while the last ping is less
 * than `stallMs` old: a process whose main loop is hung for longer loses its lease like a dead one.
 * After each attempt it posts `{ renewed: boolean, atMs }`, or `{ error }` when the database did not answer: the
 * error's brief form `{ type, message, code? }` (the log's `briefError`: its name, its first line, its string code).
 */
import { workerData, parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('lease-worker must run in a worker thread');
const port = parentPort;
const { target, instanceId, heartbeatMs, stallMs, statementTimeoutMs, answerMarginMs, keepAliveIdleMs, shared } = workerData;
const slots = new BigInt64Array(shared);
const RENEWED = 0;
const LOST = 1;
const PINGED = 2;

const UPDATE = 'update server_instances set heartbeat_at_ms = $1 where id = $2 and stopped_at_ms is null';

/**
 * One renewal on a connection of its own. SQLite: a better-sqlite3 connection (its synchronous wait for
 * another writer's lock, `busy_timeout`, blocks this worker only). PostgreSQL: one `pg` client,
 * reconnected after a failure, each statement bounded by `statement_timeout` and, since the server's error cannot cross a
 * network partition, by the client's `query_timeout` `answerMarginMs` later ("Query read timeout"; the client is then
 * ended, which destroys its socket); the connection attempt by `connectionTimeoutMillis` ("timeout expired"); TCP
 * keepalives after `keepAliveIdleMs` idle.
 * @returns a function `(nowMs) => Promise<boolean>`: true when renewed, false when the instance is stopped or unknown
 */
async function connect() {
  if (target.sqlitePath !== undefined) {
    const { default: BetterSqlite3 } = await import('better-sqlite3');
    const database = new BetterSqlite3(target.sqlitePath);
    database.pragma(`busy_timeout = ${statementTimeoutMs}`);
    const statement = database.prepare(UPDATE.replace('$1', '?').replace('$2', '?'));
    return { renew: async (/** @type {number} */ nowMs) => statement.run(nowMs, instanceId).changes > 0, close: async () => database.close() };
  }
  const { default: pg } = await import('pg');
  /** @type {import('pg').Client | null} */
  let client = null;
  const open = async () => {
    const fresh = new pg.Client({
      connectionString: target.databaseUrl,
      connectionTimeoutMillis: statementTimeoutMs,
      options: `-c search_path=${target.schema} -c statement_timeout=${statementTimeoutMs}`,
      query_timeout: statementTimeoutMs + answerMarginMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: keepAliveIdleMs,
    });
    fresh.on('error', () => undefined);
    await fresh.connect();
    return fresh;
  };
  return {
    renew: async (/** @type {number} */ nowMs) => {
      client ??= await open();
      try {
        const result = await client.query(UPDATE, [nowMs, instanceId]);
        return (result.rowCount ?? 0) > 0;
      } catch (error) {
        const dead = client;
        client = null;
        await dead.end().catch(() => undefined);
        throw error;
      }
    },
    close: async () => {
      await client?.end().catch(() => undefined);
    },
  };
}

const connection = await connect();
let stopped = false;
let timer = /** @type {NodeJS.Timeout | null} */ (null);

/**
 * `error` in the log's brief form (`briefError` in `log/logger.ts`, which this worker cannot import): a worker's
 * message is copied structurally, so an Error would lose its name and its code on the way.
 * @param {unknown} error
 * @returns {{ type: string, message: string, code?: string }}
 */
function brief(error) {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = /** @type {{ code?: unknown }} */ (error).code;
  return { type: error.name, message: error.message.split('\n')[0] ?? '', ...(typeof code === 'string' ? { code } : {}) };
}

async function beat() {
  timer = null;
  if (stopped) return;
  const nowMs = Date.now();
  const pingedAt = Number(Atomics.load(slots, PINGED));
  if (Atomics.load(slots, LOST) === 0n && nowMs - pingedAt < stallMs) {
    try {
      const renewed = await connection.renew(nowMs);
      if (renewed) Atomics.store(slots, RENEWED, BigInt(nowMs));
      else Atomics.store(slots, LOST, 1n);
      port.postMessage({ renewed, atMs: nowMs });
    } catch (error) {
      port.postMessage({ error: brief(error) });
    }
  }
  if (!stopped) timer = setTimeout(beat, heartbeatMs);
}

port.on('message', async (/** @type {{ stop?: boolean }} */ message) => {
  if (message.stop !== true) return;
  stopped = true;
  if (timer !== null) clearTimeout(timer);
  await connection.close();
  port.postMessage({ stopped: true });
});

await beat();
