/**
 * Test support for the server (not used by it): a server on a random port over SQLite in a
 * temporary folder or a fresh PostgreSQL schema, guest sign-in, and colyseus.js clients that
 * record every message, every decoded state and every raw WebSocket frame they receive.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type Room } from 'colyseus.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { DEFAULT_ENVY_BONUS, MAX_SEATS, newDeck, parseCards, unwrap, type Card, type Rng, type TableConfigInput } from '@paigow/engine';
import { onTableView, type ErrorMessage, type HintReply, type InboxNotice, type PongReply, type SessionResponse, type TableView } from '@paigow/protocol';
import { createLogger, logLevelFromEnv } from '../log/index.js';
import type { ServerLimits } from '../limits/index.js';
import { createDatabase, type Database } from '../storage/index.js';
import type { RecoveryReport } from '../table/recovery.js';
import { startServer, type ServerHandle, type StartServerOptions } from '../server.js';

/** Where a test server keeps its data; reusable across a restart. */
export interface TestStore {
  readonly name: 'sqlite' | 'postgres';
  readonly options: Pick<StartServerOptions, 'dataDir' | 'databaseUrl' | 'databaseSchema'>;
  dispose(): Promise<void>;
}

const databaseUrl = process.env.DATABASE_URL || undefined;

/** The backends the server tests run on: SQLite always, PostgreSQL when `DATABASE_URL` is set. */
export const STORE_BACKENDS = [
  { name: 'sqlite' as const, enabled: true },
  { name: 'postgres' as const, enabled: databaseUrl !== undefined },
];

/** The Redis the scale-out tests use: `REDIS_URL`, or the local default that `.ci/run` starts. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether something answers a Redis PING at `url` within a second (tests that need Redis run only then). */
export function redisAnswers(url: string = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Whether an `nginx` command is installed here (the cluster tests need it). */
export function nginxHere(): boolean {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A fresh, empty store of the given kind. */
export function createStore(name: 'sqlite' | 'postgres'): TestStore {
  if (name === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'paigow-server-test-'));
    return { name, options: { dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const schema = `paigow_srv_${randomBytes(6).toString('hex')}`;
  return {
    name,
    options: { databaseUrl, databaseSchema: schema },
    async dispose() {
      const database = createDatabase({ databaseUrl: databaseUrl!, schema });
      await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await database.db.destroy();
    },
  };
}

/** Tables for tests: short timers so that timeouts can be tested in real time. */
export const TEST_TABLES: readonly TableConfigInput[] = [
  { tableId: 'small', limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } } },
  { tableId: 'fresh', limits: { main: { minCents: 100, maxCents: 10_000 } } },
  { tableId: 'wide', limits: { main: { minCents: 100, maxCents: 500_000 } } },
  {
    tableId: 'bank',
    playerBanking: true,
    limits: { main: { minCents: 100, maxCents: 10_000 } },
    timers: { approvalMs: 2_000 },
  },
  {
    tableId: 'quick',
    limits: { main: { minCents: 100, maxCents: 10_000 } },
    timers: { betMs: 600, decisionMs: 600, approvalMs: 600, reconnectMs: 600 },
  },
  {
    tableId: 'grace',
    limits: { main: { minCents: 100, maxCents: 10_000 } },
    timers: { reconnectGraceMs: 3_000 },
  },
  {
    tableId: 'blip',
    limits: { main: { minCents: 100, maxCents: 10_000 } },
    timers: { reconnectGraceMs: 200 },
  },
  {
    tableId: 'envy',
    limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } },
    envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true },
  },
];

/**
 * A random source that makes every `shuffledDeck` (Fisher–Yates, rules.md §1) come out as the deck
 * whose first cards are `hands` (7 cards each, in deal order: players by seat, then the banker), the
 * rest in fresh-deck order. The runner shuffles one deck per deal (`deal-due`), so every round deals these
 * hands. Tests only (`startServer({ rng })`).
 */
export function riggedRng(...hands: string[]): Rng {
  const top = hands.flatMap((hand) => unwrap(parseCards(hand, 7)));
  const target: Card[] = [...top, ...newDeck().filter((c) => !top.includes(c))];
  // Replay Fisher–Yates from the fresh deck: at step i, pick the index holding target[i].
  const deck = newDeck();
  const picks: number[] = [];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = deck.indexOf(target[i]);
    picks.push(j);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  let next = 0;
  return {
    nextInt(bound) {
      const j = picks[next];
      next = (next + 1) % picks.length;
      if (j >= bound) throw new Error('riggedRng: used by something other than one shuffle at a time');
      return j;
    },
  };
}

/** Opens the database of `store` (to look at it while no server, or another process, runs). Close it with `db.destroy()`. */
export function openStore(store: TestStore): Database {
  const { dataDir, databaseUrl: url, databaseSchema } = store.options;
  return url !== undefined ? createDatabase({ databaseUrl: url, schema: databaseSchema }) : createDatabase({ sqlitePath: join(dataDir!, 'paigow.sqlite') });
}

/**
 * Renames the table `from` of `store`'s database to `to`, with a connection of the caller's own: a table renamed away
 * makes the server's statements on it fail (a database fault it must survive) until it is renamed back.
 */
export async function renameTable(store: TestStore, from: string, to: string): Promise<void> {
  const database = openStore(store);
  try {
    await sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(database.db);
  } finally {
    await database.db.destroy();
  }
}

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Brings the build of the engine and the server up to date (`tsc -b`), for `spawnServer`. */
export function buildServer(): void {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const build = spawnSync(process.execPath, [tsc, '-b', 'packages/engine', 'packages/server'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
}

/** A server in another process (`dist/bench/server-process.js`). */
export interface ChildServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` (for `signIn`). */
  readonly url: string;
  readonly instanceId: string;
  readonly recovery: RecoveryReport;
  readonly process: ChildProcess;
  /** SIGTERM (a clean stop) and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (a crash: nothing more runs in the process, its lease is not ended) and wait for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts the BUILT server (`buildServer` first) in a child process over `store`, with the test tables and
 * `extra` options (JSON: the lease, ...): a second process on the same database.
 */
export async function spawnServer(store: TestStore, extra: Pick<StartServerOptions, 'lease' | 'drainMs'> = {}): Promise<ChildServer> {
  const script = join(ROOT, 'packages', 'server', 'dist', 'bench', 'server-process.js');
  // Admission control's event-loop limit is lifted, as in `startTestServer`.
  const child = spawn(process.execPath, [script, JSON.stringify({ tables: TEST_TABLES, admission: { maxEventLoopLagMs: 3_600_000 }, ...store.options, ...extra })], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const first = await new Promise<{ port: number; instanceId: string; recovery: RecoveryReport }>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      if (buffered.includes('\n')) resolve(JSON.parse(buffered.split('\n')[0]) as { port: number; instanceId: string; recovery: RecoveryReport });
    });
    child.once('exit', (code) => reject(new Error(`the child server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...first,
    url: `http://127.0.0.1:${first.port}`,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The structured log of test servers: silent unless `LOG_LEVEL` is set (then on stderr at that level). */
const testLogger = createLogger({ level: process.env.LOG_LEVEL ? logLevelFromEnv() : 'silent' });

/**
 * The rate limits of test servers: every test client comes from one loopback address and scripted clients
 * send faster than people, so the rates are lifted; the tests of the limits pass their own (or
 * `DEFAULT_LIMITS`). The sizes and the connections per player stay as in production; the seats per IP are lifted too
 * (`MAX_SEATS`: every seat of a table may go to the loopback address's players).
 */
export const TEST_RATE_LIMITS: Partial<ServerLimits> = {
  seatsPerIp: MAX_SEATS,
  guestsPerIp: { points: 1_000_000, windowMs: 60_000 },
  topUpsPerPlayer: { points: 1_000_000, windowMs: 60_000 },
  topUpsPerIp: { points: 1_000_000, windowMs: 60_000 },
  accountWritesPerPlayer: { points: 1_000_000, windowMs: 60_000 },
  accountWritesPerIp: { points: 1_000_000, windowMs: 60_000 },
  messagesPerPlayer: { points: 1_000_000, windowMs: 1_000 },
  messagesPerIp: { points: 1_000_000, windowMs: 1_000 },
};

/**
 * Starts a server on a random loopback port over `store` (with `TEST_RATE_LIMITS` unless `extra.limits` is
 * given, and admission control's event-loop limit lifted unless `extra.admission` is given: a test machine's
 * load must not refuse seats; no grading of settings unless `extra.grades` is given, `undefined` for the coach's own pool).
 */
export function startTestServer(store: TestStore, extra: Partial<StartServerOptions> = {}): Promise<ServerHandle> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    tables: TEST_TABLES,
    log: () => undefined,
    logger: testLogger,
    limits: TEST_RATE_LIMITS,
    admission: { maxEventLoopLagMs: 3_600_000 },
    grades: null,
    ...store.options,
    ...extra,
  });
}

/** The server a `describe` block shares (see `serverForSuite`); reading either before `beforeAll` ran throws. */
export interface SuiteServer {
  readonly store: TestStore;
  readonly server: ServerHandle;
}

/**
 * Registers `beforeAll` / `afterAll` hooks in the calling `describe` block: one test server (`startTestServer`
 * with `extra`) over a fresh store of `backend` for all the block's tests, closed and the store disposed after them.
 */
export function serverForSuite(backend: 'sqlite' | 'postgres', extra: Partial<StartServerOptions> = {}): SuiteServer {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  beforeAll(async () => {
    store = createStore(backend);
    server = await startTestServer(store, extra);
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });
  return {
    get store(): TestStore {
      if (!store) throw new Error('serverForSuite: no store before beforeAll');
      return store;
    },
    get server(): ServerHandle {
      if (!server) throw new Error('serverForSuite: no server before beforeAll');
      return server;
    },
  };
}

/** What one test starts through `serversPerTest`; all of it is stopped after the test. */
export interface TestServers {
  /** The test's store (`createStore` of the backend), made at the first read in a test. */
  readonly store: TestStore;
  /** `startTestServer` over the test's store with `extra`. */
  start(extra?: Partial<StartServerOptions>): Promise<ServerHandle>;
  /** `spawnServer` over the test's store with `extra` (`buildServer` must have run: `beforeAll(buildServer, 120_000)`). */
  spawn(extra?: Pick<StartServerOptions, 'lease' | 'drainMs'>): Promise<ChildServer>;
}

/**
 * Registers an `afterEach` hook in the calling `describe` block that stops what each test started through the
 * returned object, whatever the test already stopped (both stops are idempotent): every child server is killed
 * (SIGKILL: the test is over, nothing is left to drain), every in-process server closed, then the store disposed.
 */
export function serversPerTest(backend: 'sqlite' | 'postgres'): TestServers {
  let store: TestStore | undefined;
  const servers: ServerHandle[] = [];
  const children: ChildServer[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) await child.kill();
    for (const server of servers.splice(0)) await server.close();
    await store?.dispose();
    store = undefined;
  });
  return {
    get store(): TestStore {
      store ??= createStore(backend);
      return store;
    },
    async start(extra = {}) {
      const server = await startTestServer(this.store, extra);
      servers.push(server);
      return server;
    },
    async spawn(extra = {}) {
      const child = await spawnServer(this.store, extra);
      children.push(child);
      return child;
    },
  };
}

/**
 * Signs in one guest per nickname (in parallel) and joins each, in order, to table `tableId`, the client named
 * with the nickname in lower case.
 * @returns the sessions and the clients, in the order of `nicknames`
 */
export async function joinGuests(server: ServerHandle, tableId: string, ...nicknames: string[]): Promise<{ sessions: SessionResponse[]; clients: TestClient[] }> {
  const sessions = await Promise.all(nicknames.map((nickname) => signIn(server, nickname)));
  const clients: TestClient[] = [];
  for (let i = 0; i < sessions.length; i++) clients.push(await TestClient.join(server, tableId, sessions[i].token, nicknames[i].toLowerCase()));
  return { sessions, clients };
}

/** Signs in a guest over HTTP. */
export async function signIn(server: Pick<ServerHandle, 'url'>, nickname: string): Promise<SessionResponse> {
  const response = await fetch(`${server.url}/api/guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname }),
  });
  if (response.status !== 201) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SessionResponse;
}

/** The table of `betThenDisconnect`: its reconnection grace is 200 ms. */
export const BLIP_TABLE = 'blip';

/**
 * Signs Oz in, seats it at seat 5 of `BLIP_TABLE` with a main bet of 800 cents, and drops its only client
 * without a goodbye (a lost connection) before the deal, so that the bet goes back, once the table's 200 ms
 * reconnection grace is over (rules.md §5 "Interruptions"), to a player with no client.
 */
export async function betThenDisconnect(server: Pick<ServerHandle, 'url' | 'port'>): Promise<SessionResponse> {
  const session = await signIn(server, 'Oz');
  const oz = await TestClient.join(server, BLIP_TABLE, session.token, 'oz');
  await oz.act('sit', { seat: 5 });
  await oz.act('bet', { spot: 'main', amountCents: 800 });
  await oz.leave(false);
  return session;
}

/** GET with the session's bearer token; returns the status and JSON body. */
export async function getJson<T>(server: ServerHandle, path: string, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as T };
}

/** Everything a client received, in order. */
export type Received =
  | { readonly kind: 'view'; readonly view: TableView }
  | { readonly kind: 'error'; readonly error: ErrorMessage }
  | { readonly kind: 'hint'; readonly hint: HintReply }
  | { readonly kind: 'notice'; readonly notice: InboxNotice }
  | { readonly kind: 'pong'; readonly pong: PongReply };

/** The messages that name their round (docs/protocol.md). */
const DECISIONS = new Set(['set', 'house-way', 'hint']);

/**
 * Whether `view` shows a table waiting for the deal (every player with a bet ready, no betting window holding it) or the
 * reveal (every hand of the round set), which the server carries out after answering the action that asked for it.
 */
function transitionDue(view: TableView): boolean {
  if (view.phase === 'setting') {
    const inRound = view.seats.filter((seat) => seat.inRound && seat.role === 'player');
    return inRound.length > 0 && inRound.every((seat) => seat.hasSet);
  }
  if (view.phase !== 'betting' || (view.bettingWindowEndsAtMs !== null && view.bettingWindowEndsAtMs > view.serverNowMs)) return false;
  const bettors = view.seats.filter((seat) => seat.role === 'player' && seat.connected && seat.bets.main > 0);
  return bettors.length > 0 && bettors.every((seat) => seat.ready);
}

/** A colyseus.js client at a table that records everything it receives. */
export class TestClient {
  readonly received: Received[] = [];
  /** Every raw WebSocket frame received after the join (the room's msgpack messages). */
  readonly frames: Uint8Array[] = [];
  private requestCount = 0;
  private listeners: (() => void)[] = [];

  private constructor(readonly room: Room, readonly nickname: string) {}

  /**
   * Joins table `tableId` with `token`; `forwardedFor` is the client address a proxy on this machine names
   * (`X-Forwarded-For` on the join's request: the address the per-IP limits count, docs/server.md "Limits").
   */
  static async join(server: Pick<ServerHandle, 'port'>, tableId: string, token: string, nickname = '', forwardedFor?: string): Promise<TestClient> {
    const client = new Client(`ws://127.0.0.1:${server.port}`, forwardedFor === undefined ? undefined : { headers: { 'x-forwarded-for': forwardedFor } });
    const room = await client.joinById(tableId, { token });
    const test = new TestClient(room, nickname);
    // The raw socket (the `ws` package under Node): record each frame before colyseus.js decodes it.
    const socket = (room.connection as unknown as { transport: { ws: { onmessage: (event: { data: ArrayBuffer }) => void } } }).transport.ws;
    const original = socket.onmessage;
    socket.onmessage = (event) => {
      test.frames.push(new Uint8Array(event.data));
      original(event);
    };
    onTableView(room, (view) => test.push({ kind: 'view', view }));
    room.onMessage('error', (error: ErrorMessage) => test.push({ kind: 'error', error }));
    room.onMessage('hint', (hint: HintReply) => test.push({ kind: 'hint', hint }));
    room.onMessage('notice', (notice: InboxNotice) => test.push({ kind: 'notice', notice }));
    room.onMessage('pong', (pong: PongReply) => test.push({ kind: 'pong', pong }));
    await test.waitForView((view) => view.you !== null); // the view that answers the join
    return test;
  }

  private push(item: Received): void {
    this.received.push(item);
    for (const listener of this.listeners) listener();
  }

  /**
   * Sends a message; returns its requestId. A `set`, `house-way` or `hint` without a `roundId` key names the
   * round of the last view, as the web client does (docs/protocol.md: a decision names its round).
   */
  send(type: string, payload: Record<string, unknown> = {}): string {
    const requestId = `${this.nickname || 'c'}-${++this.requestCount}`;
    this.room.send(type, { requestId, ...this.withRound(type, payload) });
    return requestId;
  }

  private withRound(type: string, payload: Record<string, unknown>): Record<string, unknown> {
    if (!DECISIONS.has(type) || 'roundId' in payload) return payload;
    return { roundId: this.view.roundId, ...payload };
  }

  /** The last view received. */
  get view(): TableView {
    for (let i = this.received.length - 1; i >= 0; i--) {
      const item = this.received[i];
      if (item.kind === 'view') return item.view;
    }
    throw new Error('no view yet');
  }

  /** Waits for a received item (from index `from`) that `predicate` accepts. */
  waitFor<T extends Received>(predicate: (item: Received) => item is T, from?: number, timeoutMs?: number): Promise<T>;
  waitFor(predicate: (item: Received) => boolean, from?: number, timeoutMs?: number): Promise<Received>;
  waitFor(predicate: (item: Received) => boolean, from = 0, timeoutMs = 10_000): Promise<Received> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        for (let i = from; i < this.received.length; i++) {
          if (predicate(this.received[i])) {
            resolve(this.received[i]);
            return true;
          }
        }
        return false;
      };
      if (check()) return;
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== listener);
        reject(new Error(`timed out waiting (${this.received.length} items received)`));
      }, timeoutMs);
      const listener = (): void => {
        if (check()) {
          clearTimeout(timer);
          this.listeners = this.listeners.filter((l) => l !== listener);
        }
      };
      this.listeners.push(listener);
    });
  }

  /** Waits for a `notice` with `code` (received after index `from`); returns it. */
  async waitForNotice(code: InboxNotice['code'], from = 0, timeoutMs = 10_000): Promise<InboxNotice> {
    const item = await this.waitFor((r) => r.kind === 'notice' && r.notice.code === code, from, timeoutMs);
    return (item as { notice: InboxNotice }).notice;
  }

  /** Every `notice` received so far, in order. */
  get notices(): InboxNotice[] {
    return this.received.flatMap((r) => (r.kind === 'notice' ? [r.notice] : []));
  }

  /** Every `error` received so far that answers no request (`requestId: null`). */
  get unrequestedErrors(): ErrorMessage[] {
    return this.received.flatMap((r) => (r.kind === 'error' && r.error.requestId === null ? [r.error] : []));
  }

  /** Waits for a view accepted by `predicate`, received after index `from`. */
  async waitForView(predicate: (view: TableView) => boolean, from = 0, timeoutMs = 10_000): Promise<TableView> {
    const item = await this.waitFor((r) => r.kind === 'view' && predicate(r.view), from, timeoutMs);
    return (item as { view: TableView }).view;
  }

  /** Sends a message and waits for the view acknowledging it (and, when it asked for the deal or the reveal, for the view that brings it); throws on an `error` reply. */
  async act(type: string, payload: Record<string, unknown> = {}): Promise<TableView> {
    const from = this.received.length;
    const requestId = this.send(type, payload);
    const item = await this.waitFor(
      (r) => (r.kind === 'view' && r.view.ack === requestId) || (r.kind === 'error' && r.error.requestId === requestId),
      from,
    );
    if (item.kind === 'error') throw new Error(`${type} refused: ${item.error.code} ${item.error.message}`);
    const view = (item as { view: TableView }).view;
    if (!transitionDue(view)) return view;
    // The deal or the reveal this action asked for follows the answer, as the table's next operation (docs/server.md
    // "Actions first"): the view that brings it, as a player sees it come.
    const next = await this.waitFor((r) => r.kind === 'view' && !transitionDue(r.view), this.received.indexOf(item) + 1);
    return (next as { view: TableView }).view;
  }

  /** Sends `hint` and waits for its reply; throws on an `error` reply. Returns the reply and its round-trip time in ms. */
  async hint(timeoutMs = 20_000): Promise<{ hint: HintReply; ms: number }> {
    const from = this.received.length;
    const started = performance.now();
    const requestId = this.send('hint');
    const item = await this.waitFor(
      (r) => (r.kind === 'hint' && r.hint.requestId === requestId) || (r.kind === 'error' && r.error.requestId === requestId),
      from,
      timeoutMs,
    );
    const ms = performance.now() - started;
    if (item.kind === 'error') throw new Error(`hint refused: ${item.error.code} ${item.error.message}`);
    return { hint: (item as { hint: HintReply }).hint, ms };
  }

  /** Sends a message that must be refused; returns the error and the items received meanwhile. */
  async refused(type: string, payload: unknown = {}): Promise<{ error: ErrorMessage; between: Received[] }> {
    const from = this.received.length;
    const requestId = `${this.nickname || 'c'}-${++this.requestCount}`;
    this.room.send(type, typeof payload === 'object' && payload !== null ? { requestId, ...this.withRound(type, payload as Record<string, unknown>) } : payload);
    const item = await this.waitFor((r) => r.kind === 'error' || (r.kind === 'view' && r.view.ack === requestId), from);
    if (item.kind !== 'error') throw new Error(`${type} was accepted`);
    return { error: item.error, between: this.received.slice(from, this.received.indexOf(item)) };
  }

  /** Leaves the room. */
  async leave(consented = true): Promise<void> {
    await this.room.leave(consented);
  }
}
