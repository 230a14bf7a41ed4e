/**
 * Server benchmark (docs/server.md "Benchmark"): headless colyseus.js clients play rounds on loopback
 * against one server (SQLite in a temporary folder unless `databaseUrl` is given). Clients fill tables of
 * six seats; each round a client bets 1.00, presses Deal, and when its cards arrive presses House Way. The
 * round deals when all players of the table are ready and is revealed when all have set (the
 * multi-player rule), as in play; like the web client, a client acknowledges each stored notice it receives
 * (`ack-notice`: its settled round's, one a round). A run lasts a number of rounds or seconds; meanwhile the server's
 * `/metrics` is read every 2 s (event-loop delay, RSS), and afterwards its ledger is summed (drift).
 * Clients refused a seat by admission control (`server/overloaded`), or closed before they sat to take in a player
 * at the process's limit (close code `MADE_ROOM_CLOSE_CODE`), are counted and do not play.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { MAX_SEATS, type TableConfigInput } from '@paigow/engine';
import { MADE_ROOM_CLOSE_CODE, onTableView, type InboxNotice, type SessionResponse, type TableView } from '@paigow/protocol';
import type { AdmissionLimits } from '../admission/index.js';
import { createLedger } from '../ledger/index.js';
import { startServer } from '../server.js';
import type { ServerLimits } from '../limits/index.js';
import { createDatabase, type Database } from '../storage/index.js';

/** What to run. */
export interface BenchOptions {
  /** Number of simultaneous clients (players), ≥ 1. */
  readonly clients: number;
  /** Rounds each client plays, ≥ 1 (default: as many as fit in `seconds`). */
  readonly rounds?: number;
  /** How long the clients play, s: no round is started after it (default: until `rounds` are played). */
  readonly seconds?: number;
  /** The server's admission control (default: the server's `DEFAULT_ADMISSION`). */
  readonly admission?: Partial<AdmissionLimits>;
  /** Write a CPU profile of the server process (`node --cpu-prof`) into this folder (a child-process server only). */
  readonly profileDir?: string;
  /** PostgreSQL instead of a temporary SQLite file. */
  readonly databaseUrl?: string;
  /** Without the coach's grading of settings (`startServer`'s `grades: null`), to measure what grading costs (default: graded). */
  readonly noGrades?: boolean;
  /** The server's ledger on its worker thread (`startServer`'s `ledgerThread`, docs/server.md "The ledger thread"; default off). */
  readonly ledgerThread?: boolean;
  /**
   * How long a client thinks before each action (bet, deal, setting), ms: a random time between half and one and
   * a half times this, as people play (default 0: each action as soon as the server answers the one before, which
   * measures how many wagers a second the server can settle; with people's pace the latency is measured at a given load).
   */
  readonly thinkMs?: number;
  /** Seats per table (default 6). */
  readonly seatsPerTable?: number;
  /**
   * Run the server in this process instead of a child process (default: a child process when the
   * compiled `server-process.js` is beside this file, as in `dist/`).
   */
  readonly inProcess?: boolean;
  /**
   * Play against servers already running behind `http://127.0.0.1:<port>` (the cluster benchmark,
   * `cluster.ts`) with the tables `benchTables(clients, seats, runId)` on schema `databaseSchema` of
   * `databaseUrl`; the caller stops them and drops the schema. The server-side figures (event loop, RSS,
   * CPU) are not read then (0).
   */
  readonly external?: { readonly port: number; readonly runId: string; readonly databaseSchema: string };
}

/**
 * A timed run (`seconds`) counts the latencies of the actions and rounds started after its first 5 s (or first
 * quarter, if shorter) and before its end: every client starts at the same instant, which no real table sees, and
 * the first rounds' burst is the start's, not the load's; so are the last rounds', played while the others leave.
 * Throughput counts every settled wager.
 */
const WARM_UP_MS = 5_000;

/** The benchmark's tables for `clients` players, `seats` a table, named after the run `runId`. */
export function benchTables(clients: number, seats: number, runId: string): TableConfigInput[] {
  return Array.from({ length: Math.ceil(clients / seats) }, (_, i) => ({
    tableId: `bench-${runId}-${i}`,
    seats,
    limits: { main: { minCents: 100, maxCents: 10_000 } },
  }));
}

/** A server for the benchmark: its port and how to stop it. */
interface BenchTarget {
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * The benchmark's limits: its clients all come from one loopback address and play as fast as the server answers
 * (a few players at a table play several rounds a second, more messages than a person sends), so the message and
 * guest rates are lifted, and so is the cap on seats per IP (every seat of a table is the loopback address's); every message still goes through the limiters, so their cost is measured, and the
 * figures measure the server, not the limits (docs/server.md "Limits").
 */
const BENCH_LIMITS: Partial<ServerLimits> = {
  seatsPerIp: MAX_SEATS,
  guestsPerIp: { points: 1_000_000, windowMs: 60_000 },
  messagesPerIp: { points: 1_000_000, windowMs: 1_000 },
  messagesPerPlayer: { points: 1_000_000, windowMs: 1_000 },
};

async function startTarget(
  options: {
    tables: TableConfigInput[];
    dataDir?: string;
    databaseUrl?: string;
    databaseSchema?: string;
    limits: Partial<ServerLimits>;
    admission?: Partial<AdmissionLimits>;
    grades?: null;
    ledgerThread?: boolean;
  },
  inProcess: boolean,
  profileDir?: string,
): Promise<BenchTarget> {
  if (inProcess) {
    const server = await startServer({ ...options, port: 0, host: '127.0.0.1', log: () => undefined });
    return { port: server.port, stop: () => server.close() };
  }
  const script = fileURLToPath(new URL('./server-process.js', import.meta.url));
  const flags = profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDir];
  const child = spawn(process.execPath, [...flags, script, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n')[0];
      if (buffered.includes('\n')) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** What was measured. */
export interface BenchResult {
  readonly clients: number;
  readonly tables: number;
  /** Settled wagers (player-rounds) per second over the whole run. */
  readonly roundsPerSecond: number;
  /** Table rounds (deals) per second. */
  readonly tableRoundsPerSecond: number;
  /** Median time from a client's bet to its settled result (waiting for the table included), ms (a timed run: after its warm-up, `WARM_UP_MS`). */
  readonly p50Ms: number;
  /** 99th percentile of the same, ms. */
  readonly p99Ms: number;
  /** Median action latency: from sending an action (bet, deal, house-way) to the view acknowledging it, ms (a timed run: sent after its warm-up and before its end). */
  readonly actionP50Ms: number;
  /** 99th percentile of the action latency, ms. */
  readonly actionP99Ms: number;
  /** Actions timed. */
  readonly actions: number;
  /** The action latency by action (`bet`, `deal`, `house-way`): p50 and p99, ms, as `actionP50Ms`/`actionP99Ms`. */
  readonly actionMsByType: Readonly<Record<string, { readonly p50: number; readonly p99: number }>>;
  readonly seconds: number;
  readonly wagers: number;
  /** Clients refused a seat by admission control (`server/overloaded`, or closed before they sat to take in another); they did not play. */
  readonly refused: number;
  /** The server's event-loop delay: the highest p99 of a 2 s window during play, ms. */
  readonly lagP99Ms: number;
  /** The server's event-loop delay: the largest seen during play (how late a timer fired at worst), ms. */
  readonly lagMaxMs: number;
  /** The server process's resident memory at its highest reading during play, MiB. */
  readonly rssMiB: number;
  /** The sum of every ledger account after the run, cents: 0 when no money was made or lost. */
  readonly driftCents: number;
  /**
   * The server process's CPU time (user + system) during play per settled wager, ms: what a wager costs,
   * which other processes on the machine change much less than they change the rates and latencies.
   */
  readonly cpuMsPerWager: number;
  /** Database statements (`paigow_db_statement_seconds_count`, all kinds) during play per settled wager. */
  readonly statementsPerWager: number;
  /** Settings the coach graded and stored by the end of play (`paigow_grades_total{outcome="stored"}`; 0 without grading). */
  readonly gradesStored: number;
  /** Settings not graded because the grade queue was full (`paigow_grades_total{outcome="skipped"}`). */
  readonly gradesSkipped: number;
  /**
   * The benchmark's own event-loop delay during play (its clients' process): p99 and max, ms. An action's latency is
   * timed by the clients, so it includes how late their process read the answer; high figures here mean part of the
   * measured latency is the benchmark's, not the server's.
   */
  readonly clientLagP99Ms: number;
  readonly clientLagMaxMs: number;
  /** The benchmark's own CPU time (user + system) during play per settled wager, ms. */
  readonly clientCpuMsPerWager: number;
}

/** What one read of the server's `/metrics` says (prom-client's default process metrics). */
interface ServerSample {
  /** CPU time used since the process started, s. */
  readonly cpuSeconds: number;
  readonly lagP99Ms: number;
  readonly lagMaxMs: number;
  readonly rssMiB: number;
  readonly gradesStored: number;
  readonly gradesSkipped: number;
  /** Database statements run since the process started. */
  readonly statements: number;
}

/** Reads the event-loop delay (since the previous read) and the RSS from a Prometheus text page. */
function parseSample(text: string): ServerSample {
  const value = (name: string): number => {
    const match = new RegExp(`^${name.replace(/[{}]/g, '\\$&')} ([0-9.e+-]+)`, 'm').exec(text);
    return match === null ? 0 : Number(match[1]);
  };
  return {
    cpuSeconds: value('process_cpu_seconds_total'),
    lagP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    lagMaxMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
    rssMiB: value('process_resident_memory_bytes') / 2 ** 20,
    gradesStored: value('paigow_grades_total{outcome="stored"}'),
    gradesSkipped: value('paigow_grades_total{outcome="skipped"}'),
    statements: [...text.matchAll(/^paigow_db_statement_seconds_count\{[^}]*\} ([0-9.e+-]+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0),
  };
}

/** The sum of every ledger account of the run's database, cents. */
async function ledgerDrift(database: Database): Promise<number> {
  try {
    return await createLedger(database).sumOfBalances();
  } finally {
    await database.db.destroy();
  }
}

/**
 * The `p`th percentile (nearest rank) of `sorted`, ascending; 0 when it is empty.
 * @param p percent, 0–100
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

interface BenchClient {
  send(type: string, payload: unknown): void;
  onMessage<T>(type: string, callback: (message: T) => void): void;
  onLeave(callback: (code: number) => void): void;
  leave(consented?: boolean): Promise<unknown>;
}

/**
 * Runs the benchmark and shuts its server down.
 * @returns throughput, round latency (from the bet to the settled result), action latency (from an
 *   action to the view that acknowledges it), the server's event-loop delay and RSS, the clients refused
 *   by admission control, and the ledger's drift (cents)
 * @throws Error when a client gets an `error` message (other than a refused seat) or a round does not
 *   finish within 60 s
 */
export async function benchServer(options: BenchOptions): Promise<BenchResult> {
  const { Client } = await import('colyseus.js');
  const seats = options.seatsPerTable ?? 6;
  const tableCount = Math.ceil(options.clients / seats);
  // Fresh room ids per run: Colyseus' matchmaker is one per process, and a run may follow another.
  const external = options.external;
  const runId = external?.runId ?? Math.random().toString(36).slice(2, 8);
  const tables = benchTables(options.clients, seats, runId);
  const dataDir = options.databaseUrl || external ? undefined : mkdtempSync(join(tmpdir(), 'paigow-bench-'));
  // On PostgreSQL the run gets its own schema, dropped at the end.
  const databaseSchema = external?.databaseSchema ?? (options.databaseUrl ? `paigow_bench_${runId}` : undefined);
  const inProcess = options.inProcess ?? import.meta.url.endsWith('.ts');
  const target: BenchTarget =
    external !== undefined
      ? { port: external.port, stop: async () => undefined }
      : await startTarget(
          {
            tables,
            dataDir,
            databaseUrl: options.databaseUrl,
            databaseSchema,
            limits: BENCH_LIMITS,
            ...(options.admission === undefined ? {} : { admission: options.admission }),
            ...(options.noGrades === true ? { grades: null } : {}),
            ...(options.ledgerThread === true ? { ledgerThread: true } : {}),
          },
          inProcess,
          options.profileDir,
        );
  const rounds = options.rounds ?? Number.POSITIVE_INFINITY;
  if (options.rounds === undefined && options.seconds === undefined) throw new Error('benchServer: give rounds or seconds');
  let deadline = Number.POSITIVE_INFINITY;
  // With `seconds`, the latencies count from the end of the warm-up (see `WARM_UP_MS`); with `rounds`, all of play's.
  // Not the sits before play (they were counted as actions, 500 fast ones among the figures of a 500-player run).
  let measuredFrom = Number.POSITIVE_INFINITY;
  let refused = 0;
  const samples: ServerSample[] = [];
  let sampling: NodeJS.Timeout | undefined;
  const sample = async (): Promise<ServerSample> =>
    external !== undefined ? { cpuSeconds: 0, lagP99Ms: 0, lagMaxMs: 0, rssMiB: 0, gradesStored: 0, gradesSkipped: 0, statements: 0 } : parseSample(await (await fetch(`${url}/metrics`)).text());
  let cpuAtStart: Promise<ServerSample> | undefined;
  const url = `http://127.0.0.1:${target.port}`;
  let stopped = false;
  const latencies: number[] = [];
  /** Every wager settled, warm-up or not (throughput and the costs a wager count them all). */
  let settledWagers = 0;
  const actionLatencies: number[] = [];
  const latenciesByType = new Map<string, number[]>();
  const dealt = new Set<string>();
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  let clientCpuAtStart: NodeJS.CpuUsage | undefined;
  try {
    // The guests are created 20 at a time (thousands of requests at once overflow the listen backlog).
    const players: SessionResponse[] = [];
    for (let first = 0; first < options.clients; first += 20) {
      const batch = Array.from({ length: Math.min(20, options.clients - first) }, async (_, k) => {
        const response = await fetch(`${url}/api/guest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ nickname: `bench ${first + k}` }),
        });
        return (await response.json()) as SessionResponse;
      });
      players.push(...(await Promise.all(batch)));
    }
    // Everyone joins and sits first (a few at a time), then all play: the figures measure play.
    let started = 0;
    let release: () => void = () => undefined;
    const go = new Promise<void>((resolve) => {
      release = resolve;
    });
    let joined = 0;
    /** A client joined and sat, or was refused a seat: once all have, play starts. */
    const arrived = (): void => {
      if (++joined === players.length) {
        started = performance.now();
        measuredFrom = started;
        if (options.seconds !== undefined) {
          deadline = started + options.seconds * 1000;
          measuredFrom = started + Math.min(WARM_UP_MS, options.seconds * 250);
        }
        cpuAtStart = sample();
        clientCpuAtStart = process.cpuUsage();
        clientLag.enable();
        sampling = setInterval(() => {
          void sample()
            .then((read) => samples.push(read))
            .catch(() => undefined);
        }, 2_000);
        release();
      }
    };
    const joinSlots = { free: 10, queue: [] as (() => void)[] };
    const joinSlot = async (): Promise<void> => {
      if (joinSlots.free > 0) joinSlots.free--;
      else await new Promise<void>((resolve) => joinSlots.queue.push(resolve));
    };
    const freeSlot = (): void => {
      const next = joinSlots.queue.shift();
      if (next !== undefined) next();
      else joinSlots.free++;
    };
    await Promise.all(
      players.map(async (session, i) => {
        await joinSlot();
        const client = new Client(`ws://127.0.0.1:${target.port}`);
        let room: BenchClient;
        try {
          room = (await client.joinById(`bench-${runId}-${Math.floor(i / seats)}`, { token: session.token })) as unknown as BenchClient;
        } catch (error) {
          if (!String(error).includes('server/overloaded')) throw error;
          refused += 1;
          arrived();
          return;
        } finally {
          freeSlot();
        }
        let request = 0;
        let latest: TableView | null = null;
        type BenchEvent = { view?: TableView; error?: { code: string; message: string; requestId: string | null }; closed?: number };
        const waiters = new Set<(event: BenchEvent) => void>();
        room.onMessage('error', (error: { code: string; message: string; requestId: string | null }) => {
          for (const waiter of [...waiters]) waiter({ error });
        });
        // At the process's player limit, a client that has not sat yet may be closed to take in a player (admission control).
        let closedCode: number | null = null;
        room.onLeave((code) => {
          closedCode = code;
          for (const waiter of [...waiters]) waiter({ closed: code });
        });
        // As the web client does (docs/server.md "The player inbox"): each stored notice is acknowledged once received.
        let acks = 0;
        room.onMessage('notice', (notice: InboxNotice) => {
          if (notice.seq !== null) room.send('ack-notice', { seq: notice.seq, requestId: `${i}-ack-${++acks}` });
        });
        onTableView(room, (view) => {
          latest = view;
          for (const waiter of [...waiters]) waiter({ view });
        });
        /** Sends a message (if `type`) and waits for a view accepted by `predicate`; rejects with the refusal's code. */
        const until = (predicate: (view: TableView) => boolean, type?: string, payload: object = {}): Promise<TableView> =>
          new Promise<TableView>((resolve, reject) => {
            const requestId = `${i}-${++request}`;
            const sentAt = performance.now();
            let acknowledged = false;
            const done = (): void => {
              clearTimeout(timeout);
              waiters.delete(waiter);
            };
            const timeout = setTimeout(() => {
              done();
              reject(new Error(`client ${i}: timed out`));
            }, 60_000);
            const waiter = (event: BenchEvent): void => {
              if (type !== undefined && !acknowledged && (event.view?.ack === requestId || event.error?.requestId === requestId)) {
                acknowledged = true;
                if (sentAt >= measuredFrom && sentAt < deadline) {
                  const latency = performance.now() - sentAt;
                  actionLatencies.push(latency);
                  const ofType = latenciesByType.get(type) ?? [];
                  latenciesByType.set(type, ofType);
                  ofType.push(latency);
                }
              }
              if (event.closed !== undefined) {
                done();
                const code = event.closed === MADE_ROOM_CLOSE_CODE ? 'server/overloaded' : 'closed';
                reject(Object.assign(new Error(`client ${i}: closed (${event.closed})`), { code }));
              } else if (event.error !== undefined && event.error.requestId === requestId) {
                done();
                reject(Object.assign(new Error(`client ${i}: ${event.error.code} ${event.error.message}`), { code: event.error.code }));
              } else if (event.view !== undefined && predicate(event.view)) {
                done();
                resolve(event.view);
              }
            };
            waiters.add(waiter);
            if (type !== undefined) room.send(type, { requestId, ...payload });
            else if (latest !== null && predicate(latest)) waiter({ view: latest });
          });
        try {
          await until((view) => view.you?.seat !== null && view.you?.seat !== undefined, 'sit');
        } catch (error) {
          if ((error as { code?: string }).code !== 'server/overloaded') throw error;
          refused += 1;
          arrived();
          if (closedCode === null) await room.leave(true);
          return;
        }
        arrived();
        await go;
        let lastRoundId: string | null = null;
        const thinkMs = options.thinkMs ?? 0;
        const think = (): Promise<void> | undefined =>
          thinkMs > 0 ? new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random()))) : undefined;
        for (let round = 0; round < rounds && performance.now() < deadline; round++) {
          const t0 = performance.now();
          for (;;) {
            try {
              await think();
              await until((view) => view.you?.bets.main === 100, 'bet', { spot: 'main', amountCents: 100 });
              break;
            } catch (error) {
              // The others dealt a round without this player (it had no bet yet): wait for the next one.
              if ((error as { code?: string }).code !== 'bet/closed') throw error;
              await until((view) => view.phase === 'betting');
            }
          }
          await think();
          const cards = await until((view) => view.you?.cards !== null && view.phase === 'setting', 'deal');
          await think();
          if (cards.roundId !== null) dealt.add(cards.roundId);
          const settled = await until(
            (view) => view.lastRound !== null && view.lastRound.roundId !== lastRoundId && view.lastRound.players.some((p) => p.you),
            'house-way',
            { roundId: cards.roundId },
          );
          lastRoundId = settled.lastRound?.roundId ?? null;
          settledWagers += 1;
          if (t0 >= measuredFrom) latencies.push(performance.now() - t0);
        }
        await room.leave(true);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clientLag.disable();
    const clientCpu = process.cpuUsage(clientCpuAtStart);
    clearInterval(sampling);
    const atEnd = await sample();
    const atStart = await cpuAtStart;
    const cpuSeconds = atEnd.cpuSeconds - (atStart?.cpuSeconds ?? 0);
    const statements = atEnd.statements - (atStart?.statements ?? 0);
    latencies.sort((a, b) => a - b);
    actionLatencies.sort((a, b) => a - b);
    await target.stop();
    stopped = true;
    const driftCents = await ledgerDrift(
      options.databaseUrl !== undefined ? createDatabase({ databaseUrl: options.databaseUrl, schema: databaseSchema }) : createDatabase({ sqlitePath: join(dataDir as string, 'paigow.sqlite') }),
    );
    return {
      clients: options.clients,
      tables: tableCount,
      roundsPerSecond: settledWagers / seconds,
      tableRoundsPerSecond: dealt.size / seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      actionP50Ms: percentile(actionLatencies, 50),
      actionP99Ms: percentile(actionLatencies, 99),
      actions: actionLatencies.length,
      actionMsByType: Object.fromEntries(
        [...latenciesByType].map(([type, ofType]) => {
          ofType.sort((a, b) => a - b);
          return [type, { p50: percentile(ofType, 50), p99: percentile(ofType, 99) }];
        }),
      ),
      seconds,
      wagers: settledWagers,
      refused,
      lagP99Ms: Math.max(0, ...samples.map((sample) => sample.lagP99Ms)),
      lagMaxMs: Math.max(0, ...samples.map((sample) => sample.lagMaxMs)),
      rssMiB: Math.max(0, ...samples.map((sample) => sample.rssMiB)),
      driftCents,
      cpuMsPerWager: settledWagers === 0 ? 0 : (cpuSeconds * 1000) / settledWagers,
      statementsPerWager: settledWagers === 0 ? 0 : statements / settledWagers,
      gradesStored: atEnd.gradesStored,
      gradesSkipped: atEnd.gradesSkipped,
      clientLagP99Ms: clientLag.percentile(99) / 1e6,
      clientLagMaxMs: clientLag.max / 1e6,
      clientCpuMsPerWager: settledWagers === 0 ? 0 : (clientCpu.user + clientCpu.system) / 1000 / settledWagers,
    };
  } finally {
    clearInterval(sampling);
    if (!stopped) await target.stop();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    if (options.databaseUrl !== undefined && databaseSchema !== undefined && external === undefined) {
      const database = createDatabase({ databaseUrl: options.databaseUrl, schema: databaseSchema });
      await database.db.schema.dropSchema(databaseSchema).ifExists().cascade().execute();
      await database.db.destroy();
    }
  }
}
