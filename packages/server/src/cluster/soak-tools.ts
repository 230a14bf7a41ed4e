/**
 * Tools of the cluster soak and its short tests (issue 13 point 8; docs/operations.md "Soak"): a cluster of
 * `server-process.js` processes behind nginx on its own PostgreSQL schema and Redis prefix
 * (`startSoakCluster`), a Redis connection cutter (`RedisCutter`: a TCP relay on loopback whose connections
 * are cut and then let through again), how many rooms each table has on all processes at once
 * (`roomCounts`, from Redis), and players that keep playing through the front address across moves and
 * restarts (`SoakPlayer`). Not used by the server.
 */
import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { MAX_SEATS, type TableConfigInput } from '@paigow/engine';
import { onTableView, type SessionResponse, type TableView } from '@paigow/protocol';
import { createDatabase, type Database } from '../storage/index.js';
import { startCluster, type Cluster } from './cluster.js';

/** A running soak cluster: the cluster, each process's instance id by name (`p1`…), its schema and prefix. */
export interface SoakCluster {
  readonly cluster: Cluster;
  /** The instance id each process printed at its last start, by process name. */
  readonly instances: Map<string, string>;
  readonly tables: readonly TableConfigInput[];
  readonly databaseSchema: string;
  readonly redisPrefix: string;
  /** The cluster's database (the soak's own reads); closed by `stop`. */
  readonly database: Database;
  /** Stops the processes and nginx, drops the schema. */
  stop(): Promise<void>;
}

/** What `startSoakCluster` needs. */
export interface SoakClusterOptions {
  readonly processes: number;
  readonly tables: readonly TableConfigInput[];
  readonly databaseUrl: string;
  /** The Redis the processes use (a `RedisCutter`'s address to cut it). */
  readonly redisUrl: string;
  /** PostgreSQL connections a process may hold (default 10; fewer when many processes share the server). */
  readonly databasePoolSize?: number;
  /** How long a process may take to connect to PostgreSQL, ms (default the server's, 10,000). */
  readonly databaseConnectTimeoutMs?: number;
  /** How long a process may take to be ready, ms (default 120,000). */
  readonly readyTimeoutMs?: number;
  /** The processes' output besides their first line (default: dropped). */
  readonly output?: (name: string, chunk: Buffer) => void;
  /** The processes' lease, ms, and its renewal (default `SOAK_LEASE_MS`, every 300 ms). */
  readonly lease?: { readonly leaseMs: number; readonly heartbeatMs: number };
  /** Names the schema and the prefix (`soakNames`; default a fresh one), so that they are known before the start. */
  readonly runId?: string;
}

/** The schema and the Redis prefix of soak run `runId`. */
export function soakNames(runId: string): { readonly databaseSchema: string; readonly redisPrefix: string } {
  return { databaseSchema: `paigow_soak_${runId}`, redisPrefix: `paigow-soak-${runId}:` };
}

/** The processes' lease, ms (a dead process's tables move within it), renewed every 300 ms. */
export const SOAK_LEASE_MS = 3_000;

/** Every player comes from loopback and plays faster than people: the rates are lifted. */
const LIFTED_LIMITS = {
  seatsPerIp: MAX_SEATS,
  guestsPerIp: { points: 1_000_000, windowMs: 60_000 },
  messagesPerPlayer: { points: 1_000_000, windowMs: 1_000 },
  messagesPerIp: { points: 1_000_000, windowMs: 1_000 },
};

/**
 * Starts `processes` server processes (`dist/bench/server-process.js`) behind nginx, all at once, on a fresh
 * schema `paigow_soak_<runId>` of `databaseUrl` and Redis prefix `paigow-soak-<runId>:` (`soakNames`), with a
 * short lease (default 3 s, renewed every 300 ms), a hosting sweep every 200 ms, a drain of at most 20 s and no
 * grading of settings (the machine's CPU goes to play).
 * @throws Error when a process or nginx does not start (what started is stopped, the schema dropped)
 */
export async function startSoakCluster(options: SoakClusterOptions): Promise<SoakCluster> {
  const { databaseSchema, redisPrefix } = soakNames(options.runId ?? randomBytes(4).toString('hex'));
  const instances = new Map<string, string>();
  // The built one, from src/cluster (the tests) as from dist/cluster.
  const serverProcess = fileURLToPath(new URL('../../dist/bench/server-process.js', import.meta.url));
  const database = createDatabase({ databaseUrl: options.databaseUrl, schema: databaseSchema, maxConnections: 2 });
  const dropSchema = async (): Promise<void> => {
    await database.db.schema.dropSchema(databaseSchema).ifExists().cascade().execute();
    await database.db.destroy();
  };
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      processes: options.processes,
      readyTimeoutMs: options.readyTimeoutMs ?? 120_000,
      command: ({ port, publicAddress }) => ({
        command: process.execPath,
        args: [
          serverProcess,
          JSON.stringify({
            tables: options.tables,
            port,
            publicAddress,
            databaseUrl: options.databaseUrl,
            databaseSchema,
            ...(options.databasePoolSize === undefined ? {} : { databasePoolSize: options.databasePoolSize }),
            ...(options.databaseConnectTimeoutMs === undefined ? {} : { databaseConnectTimeoutMs: options.databaseConnectTimeoutMs }),
            redisUrl: options.redisUrl,
            redisPrefix,
            lease: options.lease ?? { leaseMs: SOAK_LEASE_MS, heartbeatMs: 300 },
            hostingSweepMs: 200,
            drainMs: 20_000,
            limits: LIFTED_LIMITS,
            admission: { maxEventLoopLagMs: 3_600_000 },
            maxEventLoopLagMs: 3_600_000,
            grades: null,
          }),
        ],
        env: process.env,
      }),
      output: (name, chunk) => {
        for (const line of chunk.toString().split('\n')) {
          if (line.startsWith('{"port"')) instances.set(name, (JSON.parse(line) as { instanceId: string }).instanceId);
        }
        options.output?.(name, chunk);
      },
    });
  } catch (error) {
    await dropSchema().catch(() => undefined);
    throw error;
  }
  return {
    cluster,
    instances,
    tables: options.tables,
    databaseSchema,
    redisPrefix,
    database,
    async stop() {
      await cluster.stop();
      await dropSchema();
    },
  };
}

/** `count` tables `<prefix>1`…, six seats, main bets 1.00 to 100.00. */
export function soakTables(count: number, prefix: string): TableConfigInput[] {
  return Array.from({ length: count }, (_, i) => ({ tableId: `${prefix}${i + 1}`, seats: 6, limits: { main: { minCents: 100, maxCents: 10_000 } } }));
}

/** One Redis command on a fresh connection (RESP2): its reply (arrays, integers, strings). @throws Error on an error reply or no answer in 5 s */
export function redisCommand(redisUrl: string, args: readonly string[]): Promise<unknown> {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    let buffer = Buffer.alloc(0);
    const finish = (error: Error | null, value?: unknown): void => {
      socket.destroy();
      if (error === null) resolve(value);
      else reject(error);
    };
    socket.setTimeout(5_000, () => finish(new Error(`redis ${args[0]}: no answer in 5 s`)));
    socket.once('error', (error) => finish(error));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const parsed = parseReply(buffer, 0);
      if (parsed === null) return;
      if (parsed.value instanceof Error) finish(parsed.value);
      else finish(null, parsed.value);
    });
    socket.write(`*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`);
  });
}

/** One RESP2 reply from `offset`, or `null` when it is not all there yet. */
function parseReply(buffer: Buffer, offset: number): { value: unknown; end: number } | null {
  const lineEnd = buffer.indexOf('\r\n', offset);
  if (lineEnd < 0) return null;
  const line = buffer.toString('utf8', offset + 1, lineEnd);
  switch (String.fromCharCode(buffer[offset])) {
    case '+':
      return { value: line, end: lineEnd + 2 };
    case '-':
      return { value: new Error(line), end: lineEnd + 2 };
    case ':':
      return { value: Number(line), end: lineEnd + 2 };
    case '$': {
      const length = Number(line);
      if (length < 0) return { value: null, end: lineEnd + 2 };
      if (buffer.length < lineEnd + 2 + length + 2) return null;
      return { value: buffer.toString('utf8', lineEnd + 2, lineEnd + 2 + length), end: lineEnd + 2 + length + 2 };
    }
    case '*': {
      const items: unknown[] = [];
      let end = lineEnd + 2;
      for (let i = 0; i < Number(line); i++) {
        const item = parseReply(buffer, end);
        if (item === null) return null;
        items.push(item.value);
        end = item.end;
      }
      return { value: items, end };
    }
    default:
      return { value: new Error(`unexpected Redis reply '${line}'`), end: lineEnd + 2 };
  }
}

/**
 * How many rooms each table has now, over every process of the deployment: the number of processes
 * subscribed to the table room's remote-call channel (Colyseus' presence subscribes each room it creates
 * to `$<roomId>`, here `<prefix>$<tableId>`, and unsubscribes it when the room is disposed), read with one
 * `PUBSUB NUMSUB` from the real Redis.
 * @returns the count by table id
 */
export async function roomCounts(redisUrl: string, redisPrefix: string, tableIds: readonly string[]): Promise<Map<string, number>> {
  const reply = (await redisCommand(redisUrl, ['PUBSUB', 'NUMSUB', ...tableIds.map((tableId) => `${redisPrefix}$${tableId}`)])) as (string | number)[];
  const counts = new Map<string, number>();
  for (let i = 0; i < reply.length; i += 2) counts.set(String(reply[i]).slice(redisPrefix.length + 1), Number(reply[i + 1]));
  return counts;
}

/**
 * A TCP relay on loopback in front of a Redis, for cutting the connections of the processes that use it
 * (`url`) and then letting them through again: `cut()` closes every relayed connection and refuses new
 * ones until `restore()`.
 */
export class RedisCutter {
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private cutNow = false;
  /** `redis://127.0.0.1:<port>[/db]`: the relay's address (set by `start`). */
  url = '';
  /** Connections the cuts closed or refused. */
  cutConnections = 0;

  private constructor(private readonly target: URL) {
    this.server = createServer((client) => this.relay(client));
  }

  /** Starts a relay to `redisUrl` on a free loopback port. @throws Error when it cannot listen */
  static async start(redisUrl: string): Promise<RedisCutter> {
    const cutter = new RedisCutter(new URL(redisUrl));
    await new Promise<void>((resolve, reject) => {
      cutter.server.once('error', reject);
      cutter.server.listen(0, '127.0.0.1', resolve);
    });
    cutter.url = `redis://127.0.0.1:${(cutter.server.address() as AddressInfo).port}${cutter.target.pathname}`;
    return cutter;
  }

  private relay(client: Socket): void {
    if (this.cutNow) {
      this.cutConnections += 1;
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: this.target.hostname || '127.0.0.1', port: Number(this.target.port || 6379) });
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
      from.pipe(to);
    }
  }

  /** Closes every relayed connection and refuses new ones until `restore`. */
  cut(): void {
    this.cutNow = true;
    this.cutConnections += this.sockets.size / 2;
    for (const socket of this.sockets) socket.destroy();
  }

  /** Lets connections through again. */
  restore(): void {
    this.cutNow = false;
  }

  /** Closes the relay and its connections. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** What a `SoakPlayer` saw. */
export interface SoakPlayerReport {
  readonly tableId: string;
  readonly seat: number;
  /** Rounds it was dealt into (their ids). */
  readonly dealt: readonly string[];
  /** Rounds whose result it received (their ids). */
  readonly settled: readonly string[];
  /** Times its connection ended and it joined again. */
  readonly rejoins: number;
  /** Each time it found itself without its seat, after a join or while connected (should never happen). */
  readonly stoodUp: readonly string[];
  /** Refusals by code (`bet/closed` is expected while a table moves). */
  readonly refusals: Readonly<Record<string, number>>;
  /** What went wrong for good (could not join again within the limit). */
  readonly failures: readonly string[];
}

interface SoakRoom {
  send(type: string, payload: unknown): void;
  onMessage<T>(type: string, callback: (message: T) => void): void;
  onLeave(callback: (code: number) => void): void;
  leave(consented?: boolean): Promise<unknown>;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A headless player through the front address, as the benchmark's players play (each round: bet 1.00, Deal,
 * House Way), but one that survives its table moving: when its connection ends it joins the same table
 * again (every 250 ms, for at most `rejoinMs`), and checks that it finds its seat. It acts on each view (and
 * every 250 ms), so it picks up wherever the table is after a join.
 */
export class SoakPlayer {
  private room: SoakRoom | null = null;
  private view: TableView | null = null;
  private pending: { id: string; at: number } | null = null;
  private requests = 0;
  private seated = false;
  private readonly dealt = new Set<string>();
  private readonly settled = new Set<string>();
  private readonly stoodUp: string[] = [];
  private readonly failures: string[] = [];
  private readonly refusals: Record<string, number> = {};
  private rejoins = 0;
  private stopped = false;

  /**
   * @param port the front port (nginx)
   * @param session the player's guest session
   * @param seat the seat it takes, 0-based
   * @param rejoinMs how long it tries to join again after its connection ends, ms (default 30,000)
   */
  constructor(
    private readonly port: number,
    private readonly tableId: string,
    private readonly session: SessionResponse,
    private readonly seat: number,
    private readonly rejoinMs = 30_000,
  ) {}

  /** Signs a guest in through `frontUrl` and makes its player. @throws Error when the sign-in fails */
  static async create(frontUrl: string, tableId: string, seat: number, nickname: string, rejoinMs?: number): Promise<SoakPlayer> {
    const response = await fetch(`${frontUrl}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname }) });
    if (response.status !== 201) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return new SoakPlayer(Number(new URL(frontUrl).port), tableId, (await response.json()) as SessionResponse, seat, rejoinMs);
  }

  /** Rounds whose result it has received so far. */
  get settledCount(): number {
    return this.settled.size;
  }

  /** Plays until `stop` is called (joins first). */
  async run(): Promise<void> {
    while (!this.stopped) {
      if (this.room === null) {
        await this.join();
        continue;
      }
      this.act();
      await pause(250);
    }
  }

  /** Stops playing and leaves (its seat stays taken until the table's reconnect timer). */
  async stop(): Promise<void> {
    this.stopped = true;
    const room = this.room;
    this.room = null;
    await Promise.race([room?.leave(true).catch(() => undefined), pause(2_000)]);
  }

  /** What it saw. */
  report(): SoakPlayerReport {
    return { tableId: this.tableId, seat: this.seat, dealt: [...this.dealt], settled: [...this.settled], rejoins: this.rejoins, stoodUp: [...this.stoodUp], refusals: { ...this.refusals }, failures: [...this.failures] };
  }

  private async join(): Promise<void> {
    const { Client } = await import('colyseus.js');
    const until = Date.now() + this.rejoinMs;
    for (;;) {
      if (this.stopped) return;
      try {
        const room = (await new Client(`ws://127.0.0.1:${this.port}`).joinById(this.tableId, { token: this.session.token })) as unknown as SoakRoom;
        this.attach(room);
        return;
      } catch (error) {
        if (Date.now() > until) {
          this.failures.push(`${this.tableId} seat ${this.seat}: could not join again within ${this.rejoinMs} ms (${error instanceof Error ? error.message : String(error)})`);
          this.stopped = true;
          return;
        }
        await pause(250);
      }
    }
  }

  private attach(room: SoakRoom): void {
    this.room = room;
    this.view = null;
    this.pending = null;
    let first = true;
    onTableView(room, (view) => {
      this.view = view;
      if (this.pending !== null && view.ack === this.pending.id) this.pending = null;
      const you = view.you;
      if (you !== null && view.roundId !== null && you.cards !== null && view.phase === 'setting') this.dealt.add(view.roundId);
      if (view.lastRound !== null && view.lastRound.players.some((player) => player.you)) this.settled.add(view.lastRound.roundId);
      if (this.seated && you !== null && you.seat !== this.seat && !this.stopped) {
        this.stoodUp.push(`${this.tableId} seat ${this.seat}: ${first ? 'joined again and found' : 'was shown at'} seat ${you.seat} (${new Date().toISOString()})`);
        this.seated = false;
      }
      first = false;
      this.act();
    });
    room.onMessage('error', (error: { code: string; requestId: string | null }) => {
      if (this.pending !== null && error.requestId === this.pending.id) this.pending = null;
      this.refusals[error.code] = (this.refusals[error.code] ?? 0) + 1;
    });
    room.onMessage('notice', () => undefined);
    room.onLeave(() => {
      if (this.room !== room) return;
      this.room = null;
      if (!this.stopped) this.rejoins += 1;
    });
  }

  private send(type: string, payload: object = {}): void {
    const id = `${this.tableId}-${this.seat}-${++this.requests}`;
    this.pending = { id, at: Date.now() };
    this.room?.send(type, { requestId: id, ...payload });
  }

  /** The next move from the last view: sit, bet, Deal, House Way, or nothing while a request is unanswered (10 s at most). */
  private act(): void {
    const view = this.view;
    if (this.room === null || view === null || view.you === null || this.stopped) return;
    if (this.pending !== null && Date.now() - this.pending.at < 10_000) return;
    const you = view.you;
    if (you.seat === null) {
      if (view.seats[this.seat]?.nickname === null) this.send('sit', { seat: this.seat });
      return;
    }
    this.seated = true;
    if (view.phase === 'betting') {
      if (you.bets.main === 0) this.send('bet', { spot: 'main', amountCents: 100 });
      else if (!you.ready) this.send('deal');
    } else if (view.phase === 'setting' && you.cards !== null && you.setting === null && view.roundId !== null) {
      this.send('house-way', { roundId: view.roundId });
    }
  }
}
