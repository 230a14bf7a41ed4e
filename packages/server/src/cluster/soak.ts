/**
 * The cluster soak (issue 13 point 8; docs/operations.md "Soak"), on PostgreSQL, Redis and nginx, each part on
 * its own schema and Redis prefix:
 * 1. `startsCheck`: N processes started at once (20 by default) never give one table two rooms at any
 *    instant (`roomCounts` sampled every 100 ms from before the start until the tables are settled), and
 *    then every table is hosted exactly once, by a live process, and takes a join through the front.
 * 2. `rollingRestartCheck`: players play through the front while each of three processes in turn drains
 *    (SIGTERM), starts again and is ready; every player keeps or finds again its seat and plays on.
 * 3. `redisCutCheck`: the processes' Redis connections are cut (through a `RedisCutter`) and restored
 *    while they play; no process exits and play goes on or comes back.
 * `ledgerCheck` then looks at the rounds and the ledger: none open, every round a player was dealt settled
 * or refunded, `paigow audit`'s invariants (each round posted exactly once, escrow equal to open holds, sum
 * zero). The short version runs in `npm test` (`soak.test.ts`), the long one as `npm run soak -- cluster`.
 */
import { randomBytes } from 'node:crypto';
import { createLedger } from '../ledger/index.js';
import { liveInstances, tableHosts } from '../lease/index.js';
import { RedisCutter, roomCounts, soakNames, SoakPlayer, soakTables, startSoakCluster, type SoakCluster, type SoakPlayerReport } from './soak-tools.js';

/** The lease of part 1's processes (the server's default). */
const STARTS_LEASE = { leaseMs: 15_000, heartbeatMs: 1_000 };

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (fromMs: number): number => Math.round((Date.now() - fromMs) / 100) / 10;

/** What `startsCheck` found. */
export interface StartsResult {
  /** Processes started at once. */
  readonly processes: number;
  readonly tables: number;
  /** From the spawn to every process ready, s. */
  readonly startSeconds: number;
  /** From the spawn until every table had one room on a live host, s (-1: never within the limit). */
  readonly settledSeconds: number;
  /** Samples of every table's rooms taken (every 100 ms). */
  readonly samples: number;
  /** Samples Redis did not answer within 5 s (a loaded machine). */
  readonly missedSamples: number;
  /** The most rooms one table had in any sample (1 is right). */
  readonly maxRoomsPerTable: number;
  /** Processes that host at least one table at the end. */
  readonly hosts: number;
  /** Tables that took a join through the front at the end. */
  readonly joined: number;
  /** Joins through the front tried again (a process hung up on the first). */
  readonly joinRetries: number;
  readonly failures: readonly string[];
}

/** What `startsCheck` needs. */
export interface StartsOptions {
  readonly processes: number;
  readonly tables: number;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** How long the tables may take to settle after every process is ready, ms (default 60,000). */
  readonly settleMs?: number;
}

/**
 * Part 1: `processes` processes started at once with `tables` tables; see the module comment.
 * @throws Error when the cluster does not start at all
 */
export async function startsCheck(options: StartsOptions): Promise<StartsResult> {
  const runId = randomBytes(4).toString('hex');
  const { redisPrefix } = soakNames(runId);
  const tables = soakTables(options.tables, 's');
  const tableIds = tables.map((table) => table.tableId);
  const failures: string[] = [];
  let samples = 0;
  let missed = 0;
  let maxRooms = 0;
  let sampling = true;
  const doubles: string[] = [];
  const sampler = (async () => {
    while (sampling) {
      try {
        const counts = await roomCounts(options.redisUrl, redisPrefix, tableIds);
        samples += 1;
        for (const [tableId, count] of counts) {
          maxRooms = Math.max(maxRooms, count);
          if (count > 1 && doubles.length < 10) doubles.push(`${tableId} had ${count} rooms at once (${new Date().toISOString()})`);
        }
      } catch {
        // A sample Redis did not answer in time (a loaded machine): counted, not a failure.
        missed += 1;
      }
      await pause(100);
    }
  })();
  const started = Date.now();
  let soak: SoakCluster | undefined;
  try {
    // 20 processes share PostgreSQL's 100 connections with the rest of the machine: 3 each.
    // On a loaded machine 20 processes starting together take minutes (5 at most), their first PostgreSQL
    // connection more than the default 10 s (60 s here), and a 3 s lease may lapse while a process starts
    // (then it is not ready): the default lease here, 15 s renewed every second.
    soak = await startSoakCluster({
      processes: options.processes,
      tables,
      databaseUrl: options.databaseUrl,
      redisUrl: options.redisUrl,
      databasePoolSize: 3,
      databaseConnectTimeoutMs: 60_000,
      runId,
      readyTimeoutMs: 300_000,
      lease: STARTS_LEASE,
    });
    const startSeconds = seconds(started);
    const until = Date.now() + (options.settleMs ?? 60_000);
    let settledSeconds = -1;
    let hosts = 0;
    let joinRetries = 0;
    while (Date.now() < until) {
      const counts = await roomCounts(options.redisUrl, redisPrefix, tableIds);
      const live = new Set((await liveInstances(soak.database, Date.now(), STARTS_LEASE.leaseMs)).map((instance) => instance.instanceId));
      const rows = await tableHosts(soak.database, tableIds);
      if (tableIds.every((tableId) => counts.get(tableId) === 1 && live.has(rows.get(tableId)?.instanceId ?? ''))) {
        settledSeconds = seconds(started);
        hosts = new Set([...rows.values()].map((row) => row.instanceId)).size;
        break;
      }
      await pause(200);
    }
    if (settledSeconds < 0) failures.push(`the tables did not each get one room on a live host within ${options.settleMs ?? 60_000} ms of the start`);
    // A few more seconds of samples: a late move must not give a table a second room either.
    await pause(3_000);
    const retries = { count: 0 };
    const joined = await joinEveryTable(soak.cluster.url, tableIds, failures, retries);
    joinRetries = retries.count;
    const alive = soak.cluster.processes().length;
    if (alive !== options.processes) failures.push(`${options.processes - alive} process(es) exited`);
    sampling = false;
    await sampler;
    if (maxRooms > 1) failures.push(...doubles);
    return { processes: options.processes, tables: options.tables, startSeconds, settledSeconds, samples, missedSamples: missed, maxRoomsPerTable: maxRooms, hosts, joined, joinRetries, failures };
  } finally {
    sampling = false;
    await sampler;
    await soak?.stop();
  }
}

/** Joins every table of `tableIds` once through the front (a guest, then leaves; up to 5 tries each, counted in `retries`); the count that took it. */
async function joinEveryTable(frontUrl: string, tableIds: readonly string[], failures: string[], retries: { count: number }): Promise<number> {
  const { Client } = await import('colyseus.js');
  const response = await fetch(`${frontUrl}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname: 'soak probe' }) });
  const { token } = (await response.json()) as { token: string };
  let joined = 0;
  for (const tableId of tableIds) {
    // Up to 5 tries, 2 s apart: on a loaded machine a process may hang up on one.
    for (let attempt = 1; ; attempt++) {
      try {
        const room = await new Client(frontUrl.replace(/^http/, 'ws')).joinById(tableId, { token });
        room.onMessage('*', () => undefined);
        await room.leave(true);
        joined += 1;
        break;
      } catch (error) {
        if (attempt < 5) {
          retries.count += 1;
          await pause(2_000);
          continue;
        }
        failures.push(`table ${tableId} did not take a join through the front in 5 tries: ${error instanceof Error ? error.message : String(error)}`);
        break;
      }
    }
  }
  return joined;
}

/** A soak cluster of three processes behind a `RedisCutter`, with players at every table. */
export interface PlayingCluster {
  readonly soak: SoakCluster;
  readonly cutter: RedisCutter;
  readonly players: readonly SoakPlayer[];
  /** Stops the players, the cluster and the relay. */
  stop(): Promise<void>;
}

/**
 * Starts three processes (their Redis through a `RedisCutter`) with `tables` tables and `playersPerTable`
 * players at each, and sets them playing; resolves once every player has a settled round (at most 90 s).
 * @throws Error when the cluster does not start or the players do not play
 */
export async function playingCluster(options: { readonly databaseUrl: string; readonly redisUrl: string; readonly tables: number; readonly playersPerTable: number }): Promise<PlayingCluster> {
  const cutter = await RedisCutter.start(options.redisUrl);
  let soak: SoakCluster | undefined;
  const players: SoakPlayer[] = [];
  const runs: Promise<void>[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(players.map((player) => player.stop()));
    await Promise.all(runs);
    await soak?.stop();
    await cutter.close();
  };
  try {
    soak = await startSoakCluster({ processes: 3, tables: soakTables(options.tables, 'r'), databaseUrl: options.databaseUrl, redisUrl: cutter.url });
    for (const table of soak.tables) {
      for (let seat = 0; seat < options.playersPerTable; seat++) players.push(await SoakPlayer.create(soak.cluster.url, table.tableId, seat, `${table.tableId} ${seat}`));
    }
    runs.push(...players.map((player) => player.run()));
    await until(() => players.every((player) => player.settledCount > 0), 90_000, 'every player has a settled round');
    return { soak, cutter, players, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Waits until `done()` (every 200 ms), at most `ms`. @throws Error naming `what` on the timeout */
async function until(done: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await pause(200);
  }
}

/** Waits until every player has settled `more` rounds beyond `before` (by player), at most `ms`; the failure, or null. */
async function playsOn(players: readonly SoakPlayer[], before: readonly number[], more: number, ms: number, what: string): Promise<string | null> {
  try {
    await until(() => players.every((player, i) => player.settledCount >= before[i] + more), ms, what);
    return null;
  } catch (error) {
    const behind = players.map((player, i) => ({ player, gained: player.settledCount - before[i] })).filter(({ gained }) => gained < more);
    return `${error instanceof Error ? error.message : String(error)} (${behind.length} player(s) behind, e.g. ${behind[0]?.player.report().tableId} seat ${behind[0]?.player.report().seat})`;
  }
}

/** What `rollingRestartCheck` found. */
export interface RollingResult {
  /** Processes restarted, one by one. */
  readonly restarts: number;
  /** Each restart: SIGTERM (drain) to ready again, s. */
  readonly restartSeconds: readonly number[];
  readonly failures: readonly string[];
}

/**
 * Part 2: each process in turn drains (SIGTERM), starts again and becomes ready while the players play; after
 * each, every player settles rounds again within 60 s; then play goes on for `playMs` more.
 */
export async function rollingRestartCheck(playing: PlayingCluster, playMs: number): Promise<RollingResult> {
  const failures: string[] = [];
  const restartSeconds: number[] = [];
  const { cluster } = playing.soak;
  const count = cluster.processes().length;
  for (let index = 0; index < count; index++) {
    const started = Date.now();
    try {
      await cluster.restart(index);
      restartSeconds.push(seconds(started));
    } catch (error) {
      failures.push(`restart of p${index + 1} failed: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const before = playing.players.map((player) => player.settledCount);
    const behind = await playsOn(playing.players, before, 1, 60_000, `every player settles a round after the restart of p${index + 1}`);
    if (behind !== null) failures.push(behind);
  }
  await pause(playMs);
  if (cluster.processes().length !== count) failures.push(`${count - cluster.processes().length} process(es) not running after the rolling restart`);
  return { restarts: count, restartSeconds, failures };
}

/** What `redisCutCheck` found. */
export interface RedisCutResult {
  /** How long Redis was cut, s. */
  readonly cutSeconds: number;
  /** Connections the cut closed or refused. */
  readonly cutConnections: number;
  /** Rounds the players settled while Redis was cut (play went on). */
  readonly settledDuringCut: number;
  /** From the restore until every player settled two more rounds, s (-1: not within 60 s). */
  readonly recoveredSeconds: number;
  readonly failures: readonly string[];
}

/**
 * Part 3: cuts the processes' Redis for `cutMs` while the players play, restores it; no process may exit
 * (same pids), and every player settles two more rounds within 60 s of the restore; then play goes on for
 * `playMs` more.
 */
export async function redisCutCheck(playing: PlayingCluster, cutMs: number, playMs: number): Promise<RedisCutResult> {
  const failures: string[] = [];
  const { cluster } = playing.soak;
  const pids = cluster.processes().map((p) => p.pid).join(',');
  const total = (): number => playing.players.reduce((sum, player) => sum + player.settledCount, 0);
  const atCut = total();
  playing.cutter.cut();
  await pause(cutMs);
  const settledDuringCut = total() - atCut;
  playing.cutter.restore();
  const restored = Date.now();
  const before = playing.players.map((player) => player.settledCount);
  const behind = await playsOn(playing.players, before, 2, 60_000, 'every player settles two rounds after Redis is back');
  const recoveredSeconds = behind === null ? seconds(restored) : -1;
  if (behind !== null) failures.push(behind);
  await pause(playMs);
  const after = cluster.processes().map((p) => p.pid).join(',');
  if (after !== pids) failures.push(`processes exited during or after the Redis cut (pids ${pids} → ${after})`);
  return { cutSeconds: cutMs / 1000, cutConnections: playing.cutter.cutConnections, settledDuringCut, recoveredSeconds, failures };
}

/** What `ledgerCheck` found. */
export interface LedgerResult {
  /** Rounds in the ledger: settled, refunded, still open. */
  readonly rounds: { readonly settled: number; readonly refunded: number; readonly open: number };
  /** Rounds the players were dealt into / saw settled (distinct ids). */
  readonly dealt: number;
  readonly seenSettled: number;
  /** Settled wagers the players saw, in all. */
  readonly wagers: number;
  /** Times players joined again after their connection ended. */
  readonly rejoins: number;
  /** Players found without their seat (should be 0). */
  readonly stoodUp: number;
  /** Refusals the players got, by code. */
  readonly refusals: Readonly<Record<string, number>>;
  /** `paigow audit`'s problems (should be none). */
  readonly audit: readonly string[];
  /** The sum of every account, cents (should be 0). */
  readonly sumCents: number;
  readonly failures: readonly string[];
}

/**
 * Stops the players, waits (30 s at most) until no round is open, then checks the rounds and the ledger
 * (module comment).
 */
export async function ledgerCheck(playing: PlayingCluster): Promise<LedgerResult> {
  await Promise.all(playing.players.map((player) => player.stop()));
  const reports: SoakPlayerReport[] = playing.players.map((player) => player.report());
  const failures: string[] = reports.flatMap((report) => [...report.failures, ...report.stoodUp.map((line) => `stood up: ${line}`)]);
  const { database } = playing.soak;
  const ledger = createLedger(database);
  const end = Date.now() + 30_000;
  while ((await ledger.openRounds()).length > 0 && Date.now() < end) await pause(200);
  const rows = await database.db.selectFrom('rounds').select(['id', 'status']).execute();
  const status = new Map(rows.map((row) => [row.id, row.status]));
  const countOf = (wanted: string): number => rows.filter((row) => row.status === wanted).length;
  const rounds = { settled: countOf('settled'), refunded: countOf('refunded'), open: countOf('open') };
  if (rounds.open > 0) failures.push(`${rounds.open} round(s) still open 30 s after play stopped`);
  const dealt = new Set(reports.flatMap((report) => report.dealt));
  const seen = new Set(reports.flatMap((report) => report.settled));
  for (const roundId of dealt) {
    const now = status.get(roundId);
    if (now !== 'settled' && now !== 'refunded') failures.push(`round ${roundId}, dealt to a player, is ${now ?? 'not in the ledger'}`);
  }
  for (const roundId of seen) if (status.get(roundId) !== 'settled') failures.push(`round ${roundId}, shown settled to a player, is ${status.get(roundId) ?? 'not in the ledger'}`);
  const audit = await ledger.audit();
  const sumCents = await ledger.sumOfBalances();
  failures.push(...audit.map((problem) => `audit: ${problem}`));
  if (sumCents !== 0) failures.push(`the ledger sums to ${sumCents} cents`);
  const refusals: Record<string, number> = {};
  for (const report of reports) for (const [code, n] of Object.entries(report.refusals)) refusals[code] = (refusals[code] ?? 0) + n;
  return {
    rounds,
    dealt: dealt.size,
    seenSettled: seen.size,
    wagers: reports.reduce((sum, report) => sum + report.settled.length, 0),
    rejoins: reports.reduce((sum, report) => sum + report.rejoins, 0),
    stoodUp: reports.reduce((sum, report) => sum + report.stoodUp.length, 0),
    refusals,
    audit,
    sumCents,
    failures,
  };
}

/** The soak's one JSON summary. */
export interface ClusterSoakSummary {
  readonly ok: boolean;
  readonly seconds: number;
  readonly starts: StartsResult | { readonly failures: readonly string[] };
  readonly rollingRestart: RollingResult | null;
  readonly redisCut: RedisCutResult | null;
  readonly ledger: LedgerResult | null;
  readonly failures: readonly string[];
}

/** What `clusterSoak` needs. */
export interface ClusterSoakOptions {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Play time after the rolling restart and the Redis cut together, s (2/3 after the restarts, 1/3 after the cut). */
  readonly seconds: number;
  /** Processes started at once in part 1 (default 20). */
  readonly starts?: number;
  /** Tables in part 1 (default 24). */
  readonly startTables?: number;
  /** Tables and players at each in parts 2 and 3 (default 6 and 3). */
  readonly tables?: number;
  readonly playersPerTable?: number;
  /** How long Redis is cut, ms (default 5,000). */
  readonly cutMs?: number;
  /** Where a line on each part's progress goes (default: nowhere). */
  readonly progress?: (line: string) => void;
}

/** Runs the three parts and the ledger check (module comment); every failure is in `failures`, `ok` when none. */
export async function clusterSoak(options: ClusterSoakOptions): Promise<ClusterSoakSummary> {
  const started = Date.now();
  const failures: string[] = [];
  const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));
  const progress = (line: string): void => options.progress?.(`${seconds(started)} s: ${line}`);
  progress(`starting ${options.starts ?? 20} processes at once`);
  let starts: ClusterSoakSummary['starts'];
  try {
    starts = await startsCheck({ processes: options.starts ?? 20, tables: options.startTables ?? 24, databaseUrl: options.databaseUrl, redisUrl: options.redisUrl });
  } catch (error) {
    // The first lines that say why (a process's output ends with its stack).
    const why = reason(error).split('\n').filter((line) => /exited|error|did not/i.test(line)).slice(0, 3).join(' ').slice(0, 500);
    starts = { failures: [`the ${options.starts ?? 20} processes did not start: ${why}`] };
  }
  failures.push(...starts.failures.map((line) => `starts: ${line}`));
  progress('starting three processes with players');
  let rollingRestart: RollingResult | null = null;
  let redisCut: RedisCutResult | null = null;
  let ledger: LedgerResult | null = null;
  let playing: PlayingCluster | undefined;
  try {
    playing = await playingCluster({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl, tables: options.tables ?? 6, playersPerTable: options.playersPerTable ?? 3 });
    progress('rolling restart');
    rollingRestart = await rollingRestartCheck(playing, Math.round((options.seconds * 1000 * 2) / 3));
    failures.push(...rollingRestart.failures.map((line) => `rolling restart: ${line}`));
    progress('Redis cut');
    redisCut = await redisCutCheck(playing, options.cutMs ?? 5_000, Math.round((options.seconds * 1000) / 3));
    failures.push(...redisCut.failures.map((line) => `redis cut: ${line}`));
    progress('checking the rounds and the ledger');
    ledger = await ledgerCheck(playing);
    failures.push(...ledger.failures.map((line) => `ledger: ${line}`));
  } catch (error) {
    failures.push(`playing cluster: ${reason(error)}`);
  } finally {
    await playing?.stop().catch((error: unknown) => failures.push(`stopping: ${reason(error)}`));
  }
  return { ok: failures.length === 0, seconds: seconds(started), starts, rollingRestart, redisCut, ledger, failures };
}
