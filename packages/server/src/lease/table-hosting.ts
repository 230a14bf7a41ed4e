/**
 * This process's share of the tables (docs/server.md "Table hosting"; issue 13 points 2–4). Every
 * `sweepMs` it reads the live instances and the tables' rows (`table-hosts.ts`) and, for each table it
 * knows:
 * - hosted here, but the row names another instance (a peer judged this process dead and took it): drops
 *   the room at once;
 * - hosted here, but another live instance is now preferred (`placeTables`: a process joined or left): moves it
 *   (the round in play finishes, no new one starts; then, if another live instance is still preferred, the seats
 *   are saved, the room is dropped, the row given up; if not, or if the move fails, the table deals here again);
 *   otherwise saves the seats when they changed;
 * - hosted nowhere alive (its host died, drained, or it was never hosted): claims it if this process is
 *   the preferred host, or if the table stayed unhosted for `2 × sweepMs` (the preferred one is slow),
 *   then hosts it with the seats its row kept.
 * A process that cannot confirm its own lease claims nothing; one that lost it drops its rooms. At the drain's
 * signal `stopClaiming()` announces that this process hosts nothing more and ends its sweeps (no table is taken
 * while the rounds in play finish); then `leave()` gives every table up, so peers take them before it exits.
 */
import type { Database } from '../storage/database.js';
import { placeTables } from './placement.js';
import { differingSettings, type SettingsFingerprints } from './table-settings.js';
import { announceTables, claimTable, liveInstances, releaseTable, saveSeats, tableHosts, type LiveInstance } from './table-hosts.js';
import type { ProblemLog } from '../log/index.js';

/** What hosting does to the tables (the server's rooms and runners). */
export interface TableHostingActions {
  /**
   * Hosts `tableId` here: a fresh runner given back `seats` (a player id or null per seat), then its room. Resolves
   * false, having done nothing, when the table cannot be hosted yet (a round of it is still open, not recovered): the
   * claim is given up, and taken again at a later sweep.
   */
  host(tableId: string, seats: readonly (string | null)[]): Promise<boolean>;
  /** Drops `tableId`'s room here (its clients join again elsewhere) and gives it a fresh, idle runner. */
  unhost(tableId: string): Promise<void>;
  /** Whether `tableId` has its room here. */
  hosts(tableId: string): boolean;
  /**
   * Stops new rounds at `tableId` and waits until none is in play: `true`; `false` when one still is at the drain's
   * deadline, or when the process closes meanwhile (the table must not be given up with a round open).
   */
  finishRounds(tableId: string): Promise<boolean>;
  /** Deals again at `tableId` after `finishRounds` (its move was called off). */
  resumeRounds(tableId: string): void;
  /** Who sits where at `tableId` now. */
  seats(tableId: string): readonly (string | null)[];
  /** Lists again the rooms hosted here that the matchmaker's driver lost. */
  relist(): Promise<void>;
}

/** What `TableHosting` needs. */
export interface TableHostingOptions {
  readonly database: Database;
  readonly instanceId: string;
  /** The tables this process can host. */
  readonly tableIds: readonly string[];
  /** The fingerprints of each of those tables' settings (`settingsFingerprints`) by table id, compared with the live peers' (default: none). */
  readonly tableSettings?: Readonly<Record<string, SettingsFingerprints>>;
  /** The instances' lease, ms: an instance silent this long is dead and its tables are free. */
  readonly leaseMs: number;
  /** How often `sweep` runs, ms. */
  readonly sweepMs: number;
  readonly now: () => number;
  /** Whether this process holds its lease now (`LeaseKeeper.held`). */
  readonly held: () => boolean;
  /** Whether this process lost its lease for good (`LeaseKeeper.lost`). */
  readonly lost: () => boolean;
  readonly actions: TableHostingActions;
  readonly log: ProblemLog;
}

/** How many of its peers' sweeps a drained process waits at most for them to take its tables (`leave`). */
export const HANDOVER_SWEEPS = 3;

/** Keeps this process's tables; see the module comment. */
export class TableHosting {
  /** The tables being moved away (finishing their round), each with whether it was given up (`move`). */
  private readonly moving = new Map<string, Promise<boolean>>();
  /** When each table was first seen without a live host (epoch ms). */
  private readonly unhostedSince = new Map<string, number>();
  /** The seats last saved, JSON, by table. */
  private readonly savedSeats = new Map<string, string>();
  /** The last save of each table's seats: saves run one after another, so an older list never lands last. */
  private readonly seatSaves = new Map<string, Promise<void>>();
  private leaving = false;
  /** The tables the live peers announced at the last sweep (`peerTables`). */
  private peerTableIds: ReadonlySet<string> = new Set();
  /** The (table, peer) pairs whose settings differ that were told already (`tellSettingsDiffer`). */
  private readonly settingsDiffer = new Set<string>();

  constructor(private readonly options: TableHostingOptions) {}

  /**
   * Whether a live peer announced `tableId` (its tables file has it), as of the last sweep: a table this process does
   * not run but the deployment does (a rolling deploy, docs/operations.md "A cluster"), which a join here finds unlisted
   * while it moves between two of those peers (an operator's: this process answered such a join "there is no table",
   * and the web client told the player the table does not exist).
   */
  peerTables(tableId: string): boolean {
    return this.peerTableIds.has(tableId);
  }

  /** Records the tables this process can host and their settings' fingerprints (call once before the first sweep). @throws the database's error */
  async announce(): Promise<void> {
    await announceTables(this.options.database, this.options.instanceId, this.options.tableIds, this.options.tableSettings ?? {});
  }

  /**
   * A `warn` line `table-settings-differ` for each table a live peer announced with other settings than this process's, once
   * per table and peer: an operator's processes had tables files that gave a table other limits, and its rules changed
   * each time it moved between them (a rolling deploy of a tables file passes through this, and says so), nothing logged.
   */
  private tellSettingsDiffer(live: readonly LiveInstance[]): void {
    const mine = this.options.tableSettings ?? {};
    for (const peer of live) {
      if (peer.instanceId === this.options.instanceId) continue;
      for (const tableId of this.options.tableIds) {
        const [ours, theirs] = [mine[tableId], peer.tableSettings[tableId]];
        const key = `${tableId}\u0000${peer.instanceId}`;
        if (ours === undefined || theirs === undefined || this.settingsDiffer.has(key)) continue;
        const settings = differingSettings(ours, theirs);
        if (settings.length === 0) continue;
        this.settingsDiffer.add(key);
        this.options.log(
          `hosting: table ${tableId} has other settings on instance ${peer.instanceId} than here (${settings.join(', ')}: the tables files differ); they change when it moves between them`,
          undefined,
          { event: 'table-settings-differ', tableId, peerInstanceId: peer.instanceId, settings },
        );
      }
    }
  }

  /** One pass over the tables (module comment). @throws the database's error */
  async sweep(): Promise<void> {
    if (this.leaving) return;
    const { database, instanceId: self, tableIds, leaseMs, actions, log } = this.options;
    if (!this.options.held()) {
      if (this.options.lost()) {
        for (const tableId of tableIds) if (actions.hosts(tableId)) await actions.unhost(tableId);
      }
      return;
    }
    const nowMs = this.options.now();
    const live = await liveInstances(database, nowMs, leaseMs);
    this.peerTableIds = new Set(live.filter((instance) => instance.instanceId !== self).flatMap((instance) => instance.tableIds));
    this.tellSettingsDiffer(live);
    const alive = new Set(live.map((instance) => instance.instanceId));
    const rows = await tableHosts(database, tableIds);
    const placement = placeTables(live);
    for (const tableId of tableIds) {
      if (this.moving.has(tableId) || this.leaving) continue;
      const row = rows.get(tableId);
      const preferred = placement.get(tableId) ?? null;
      if (actions.hosts(tableId)) {
        if (row?.instanceId !== self) {
          // No host recorded: the process that took it while this one's lease had run out gave it up to move it (back
          // here, say), and nobody holds it yet (an operator read "taken by instance none").
          const taker = row?.instanceId ? `was taken by instance ${row.instanceId}` : 'is no longer this process\'s (its last host gave it up to move it; none holds it now)';
          log(`hosting: table ${tableId} ${taker}; dropping its room here`, undefined, { event: 'table-lost', tableId, ...(row?.instanceId ? { takenBy: row.instanceId } : {}) });
          await actions.unhost(tableId);
        } else if (preferred !== null && preferred !== self) void this.move(tableId);
        else await this.saveSeats(tableId);
        continue;
      }
      if (row !== undefined && row.instanceId !== self && alive.has(row.instanceId)) {
        this.unhostedSince.delete(tableId);
        continue;
      }
      const since = this.unhostedSince.get(tableId) ?? nowMs;
      this.unhostedSince.set(tableId, since);
      if (preferred === self || row?.instanceId === self || nowMs - since >= 2 * this.options.sweepMs) await this.claim(tableId, nowMs);
    }
    await actions.relist();
  }

  /**
   * The drain's start: no sweep runs from now on, so no table is claimed (an operator's: a process draining took
   * table-4 over 3 s after its signal, when a sweep under way claimed it, and dealt a round there), and this process
   * announces that it hosts nothing more (peers place no table here). The tables it hosts stay until `leave()`.
   * A sweep already under way may still claim one: wait for it before listing the tables to drain.
   */
  async stopClaiming(): Promise<void> {
    if (this.leaving) return;
    this.leaving = true;
    const { database, instanceId, log } = this.options;
    await announceTables(database, instanceId, []).catch((error: unknown) => log('hosting: could not announce the drain', error, { event: 'hosting-failed' }));
  }

  /**
   * The drain (after `stopClaiming`, which it does if not done): gives every table it hosts up as soon as its own
   * round in play is over (an idle table at once: an operator's drain kept an idle table, its bets refused, for the
   * 43 s another table's round took), so that peers take them; resolves once every move is over.
   */
  async leave(): Promise<void> {
    await this.stopClaiming();
    const { tableIds, actions, log } = this.options;
    const hosted = tableIds.filter((tableId) => actions.hosts(tableId) || this.moving.has(tableId));
    const moved = await Promise.all(hosted.map((tableId) => this.moving.get(tableId) ?? this.move(tableId)));
    // Only the tables given up are waited for: one kept with its round in play held the stop for three sweeps.
    const given = hosted.filter((_tableId, i) => moved[i]);
    await this.handedOver(given).catch((error: unknown) => log('hosting: could not see the tables taken', error, { event: 'hosting-failed' }));
  }

  /**
   * Waits until a live peer that can host them has taken `tableIds` (given up by the drain), at most
   * `HANDOVER_SWEEPS` sweeps: peers claim a free table at their next sweep, and this process exits once they
   * have, so its players find the table hosted when they join again (an operator saw a drained table with no host
   * for a second after its process had exited). A table no live peer can host is not waited for.
   */
  private async handedOver(tableIds: readonly string[]): Promise<void> {
    const { database, instanceId, leaseMs, sweepMs, now } = this.options;
    const until = now() + HANDOVER_SWEEPS * sweepMs;
    for (;;) {
      const peers = (await liveInstances(database, now(), leaseMs)).filter((peer) => peer.instanceId !== instanceId);
      const hosts = await tableHosts(database, tableIds);
      const waiting = tableIds.filter((tableId) => {
        const host = hosts.get(tableId)?.instanceId ?? '';
        return (host === '' || host === instanceId) && peers.some((peer) => peer.tableIds.includes(tableId));
      });
      if (waiting.length === 0 || now() >= until) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(50, sweepMs / 4)));
    }
  }

  /** Tables being moved away now (tests). */
  get movingCount(): number {
    return this.moving.size;
  }

  private async claim(tableId: string, nowMs: number): Promise<void> {
    const { database, instanceId, leaseMs, actions, log } = this.options;
    const claimed = await claimTable(database, tableId, instanceId, nowMs, leaseMs);
    if (claimed === null) return;
    this.unhostedSince.delete(tableId);
    try {
      if (!(await actions.host(tableId, claimed.seats))) {
        await releaseTable(database, tableId, instanceId);
        return;
      }
      this.savedSeats.set(tableId, JSON.stringify(claimed.seats));
    } catch (error) {
      log(`hosting: could not host table ${tableId}; giving it up`, error, { event: 'hosting-failed', tableId });
      await actions.unhost(tableId).catch(() => undefined);
      await releaseTable(database, tableId, instanceId);
    }
  }

  /**
   * Moves `tableId` away (module comment). Its round may take a minute to finish, in which the instance it was
   * moving to may have started draining or another may have joined: the move goes on only if another live instance
   * is still preferred when the round is over (a tester saw a table moved off a process, found no taker, and come
   * back to it, its players moved twice). At the drain it always goes on, once the round is over.
   * @returns whether the table was given up (false: it stays here, its round still in play, the move called off or failed)
   */
  private move(tableId: string): Promise<boolean> {
    const { database, instanceId, actions, log } = this.options;
    const moved = (async () => {
      try {
        if (!(await actions.finishRounds(tableId))) {
          // Given up with its round open, a peer could deal there before recovering it: the table stays here, at
          // the drain until this process closes (a peer then recovers the round first), else dealing again.
          if (!this.leaving) actions.resumeRounds(tableId);
          log(`hosting: table ${tableId} stays here: its round is still in play`, undefined, { event: 'table-move-held', tableId });
          return false;
        }
        if (!this.leaving && !(await this.preferredElsewhere(tableId))) {
          actions.resumeRounds(tableId);
          log(`hosting: table ${tableId} stays here: no other live instance is preferred for it now`, undefined, { event: 'table-move-called-off', tableId });
          return false;
        }
        await this.saveSeats(tableId);
        await actions.unhost(tableId);
        await releaseTable(database, tableId, instanceId);
        return true;
      } catch (error) {
        log(`hosting: moving table ${tableId} failed; it deals here until a sweep moves it again`, error, { event: 'hosting-failed', tableId });
        // A table left drained here would refuse bets for good if no later sweep moves it (it may now be preferred
        // here); at the drain, its runner stays drained.
        if (!this.leaving && actions.hosts(tableId)) actions.resumeRounds(tableId);
        return false;
      } finally {
        this.moving.delete(tableId);
        this.savedSeats.delete(tableId);
      }
    })();
    this.moving.set(tableId, moved);
    return moved;
  }

  /** Whether a live instance other than this one is the preferred host of `tableId` now. @throws the database's error */
  private async preferredElsewhere(tableId: string): Promise<boolean> {
    const { database, instanceId, leaseMs, now } = this.options;
    const preferred = placeTables(await liveInstances(database, now(), leaseMs)).get(tableId) ?? null;
    return preferred !== null && preferred !== instanceId;
  }

  /**
   * Saves who sits where at `tableId` now, if it changed since the last save and this process holds the
   * table's row (the runner calls it after each change of seats, the sweep as a fallback). Saves of a table
   * run in order, each reading the seats when it starts, so the row ends with the latest list.
   * @throws the database's error
   */
  saveSeats(tableId: string): Promise<void> {
    const write = async (): Promise<void> => {
      const seats = JSON.stringify(this.options.actions.seats(tableId));
      if (this.savedSeats.get(tableId) === seats) return;
      await saveSeats(this.options.database, tableId, this.options.instanceId, JSON.parse(seats) as (string | null)[]);
      this.savedSeats.set(tableId, seats);
    };
    const saved = (this.seatSaves.get(tableId) ?? Promise.resolve()).then(write, write);
    this.seatSaves.set(tableId, saved); // one entry per table this process knows: nothing to clear
    return saved;
  }
}
