/**
 * The drain's hand-over (docs/server.md "Table hosting"; issue 13 point 3): a drained process gives its tables up and
 * exits once a live peer that can host them has taken them. An operator saw a drained table with no host for a second
 * after its process had exited (the peer claimed it at its next sweep), so a player joining then found it moving.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { registerInstance } from './lease.js';
import { placeTables } from './placement.js';
import { liveInstances, releaseTable, tableHosts } from './table-hosts.js';
import { HANDOVER_SWEEPS, TableHosting } from './table-hosting.js';
import type { SettingsFingerprints } from './table-settings.js';

const LEASE_MS = 15_000;
const SWEEP_MS = 300;

/**
 * A process's share of `tableIds` over `database`, registered alive at `aliveAtMs` and its tables announced; its rooms
 * are a set, and it sweeps every `SWEEP_MS` once `start`ed.
 */
async function instance(
  database: Database,
  instanceId: string,
  tableIds: readonly string[],
  aliveAtMs = Date.now(),
  finishRounds: (tableId: string) => Promise<boolean> = async () => true,
  tableSettings?: Readonly<Record<string, SettingsFingerprints>>,
): Promise<{ hosting: TableHosting; rooms: Set<string>; resumed: string[]; logged: { message: string; fields: unknown }[]; start(): void; stop(): void }> {
  await registerInstance(database, instanceId, aliveAtMs);
  const rooms = new Set<string>();
  const resumed: string[] = [];
  const logged: { message: string; fields: unknown }[] = [];
  const hosting = new TableHosting({
    database,
    instanceId,
    tableIds,
    ...(tableSettings === undefined ? {} : { tableSettings }),
    leaseMs: LEASE_MS,
    sweepMs: SWEEP_MS,
    now: Date.now,
    held: () => true,
    lost: () => false,
    log: (message, _error, fields) => void logged.push({ message, fields }),
    actions: {
      host: async (tableId) => {
        rooms.add(tableId);
        return true;
      },
      unhost: async (tableId) => void rooms.delete(tableId),
      hosts: (tableId) => rooms.has(tableId),
      finishRounds,
      resumeRounds: (tableId) => void resumed.push(tableId),
      seats: () => [null, null],
      relist: async () => undefined,
    },
  });
  await hosting.announce();
  let timer: NodeJS.Timeout | undefined;
  return {
    hosting,
    rooms,
    resumed,
    logged,
    start: () => (timer = setInterval(() => void hosting.sweep().catch(() => undefined), SWEEP_MS)),
    stop: () => clearInterval(timer),
  };
}

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`a drained process's tables on ${backend.title}`, () => {
    let database: Database | undefined;
    afterEach(async () => {
      if (database !== undefined) await backend.close(database);
      database = undefined;
    });

    /** Instance A of a fresh database, hosting table t. */
    async function hostingT(): Promise<Awaited<ReturnType<typeof instance>>> {
      database = await backend.open();
      const a = await instance(database, 'A', ['t']);
      await a.hosting.sweep();
      expect(a.rooms).toEqual(new Set(['t']));
      return a;
    }

    it('are on a live peer when its drain ends, not after', async () => {
      const a = await hostingT();
      const b = await instance(database!, 'B', ['t', 'u']);
      b.start();
      try {
        const started = Date.now();
        await a.hosting.leave();
        expect(a.rooms.size).toBe(0);
        expect((await tableHosts(database!, ['t'])).get('t')?.instanceId).toBe('B');
        expect(b.rooms.has('t')).toBe(true);
        expect(Date.now() - started).toBeLessThan(HANDOVER_SWEEPS * SWEEP_MS + 1_000);
      } finally {
        b.stop();
      }
    });

    // An operator's: a process resumed after SIGSTOP logged "table t3 was taken by instance none": the peer that had taken
    // it was moving it back (the row's host '' for that moment).
    it('a table lost says who took it, and when nobody holds it, that its last host gave it up', async () => {
      const a = await hostingT();
      await releaseTable(database!, 't', 'A');
      await a.hosting.sweep();
      expect(a.rooms.size).toBe(0);
      expect(a.logged).toEqual([{ message: "hosting: table t is no longer this process's (its last host gave it up to move it; none holds it now); dropping its room here", fields: { event: 'table-lost', tableId: 't' } }]);
      await a.hosting.sweep();
      expect(a.rooms).toEqual(new Set(['t']));
      await database!.db.updateTable('table_hosts').set({ instance_id: 'B' }).where('table_id', '=', 't').execute();
      await a.hosting.sweep();
      expect(a.logged.at(-1)).toEqual({ message: 'hosting: table t was taken by instance B; dropping its room here', fields: { event: 'table-lost', tableId: 't', takenBy: 'B' } });
    });

    // An operator's: two processes' tables files gave a table other limits; it changed them at each move, nothing logged.
    it('a live peer that has a table with other settings is told once per table and peer, as a warning', async () => {
      database = await backend.open();
      const a = await instance(database, 'A', ['t', 'u'], Date.now(), undefined, { t: { limits: 'aaaa', houseWay: 'seeds', name: 'T' }, u: { limits: 'same' } });
      await instance(database, 'B', ['t', 'u'], Date.now(), undefined, { t: { limits: 'bbbb', houseWay: 'foxwoods', name: 'T' }, u: { limits: 'same' } });
      await a.hosting.sweep();
      await a.hosting.sweep();
      expect(a.logged.filter((line) => (line.fields as { event?: string }).event === 'table-settings-differ')).toEqual([
        {
          message: 'hosting: table t has other settings on instance B than here (houseWay, limits: the tables files differ); they change when it moves between them',
          fields: { event: 'table-settings-differ', tableId: 't', peerInstanceId: 'B', settings: ['houseWay', 'limits'] },
        },
      ]);
    });

    // An operator's: a process draining took table-4 over 3 s after its signal and dealt a round there.
    it('from the drain\'s signal, take no table, even a free one it would host, and are placed on no process', async () => {
      database = await backend.open();
      const a = await instance(database, 'A', ['t', 'u']);
      await a.hosting.stopClaiming();
      await a.hosting.sweep();
      expect(a.rooms.size).toBe(0);
      expect((await tableHosts(database, ['t', 'u'])).get('t')?.instanceId ?? '').toBe('');
      // A peer started meanwhile finds both tables free and takes them (A announced it hosts nothing).
      const b = await instance(database, 'B', ['t', 'u']);
      await b.hosting.sweep();
      expect(b.rooms).toEqual(new Set(['t', 'u']));
    });

    // An operator's: a drain moved its tables only once every round was over, an idle table kept (its bets refused)
    // for the 43 s another's round took. Each moves when its own round is over; one still in play when the wait
    // stops (the drain's deadline, or the close) stays here, for a peer to recover its round before it deals.
    it('move each as its own round ends, and keep one whose round is still in play when the wait stops', async () => {
      database = await backend.open();
      let uOver: (over: boolean) => void = () => undefined;
      const uRound = new Promise<boolean>((resolve) => (uOver = resolve));
      let vOver: (over: boolean) => void = () => undefined;
      const vRound = new Promise<boolean>((resolve) => (vOver = resolve));
      const rounds: Record<string, Promise<boolean>> = { t: Promise.resolve(true), u: uRound, v: vRound };
      const a = await instance(database, 'A', ['t', 'u', 'v'], Date.now(), (tableId) => rounds[tableId]);
      await a.hosting.sweep();
      expect(a.rooms).toEqual(new Set(['t', 'u', 'v']));
      await instance(database, 'B', ['t', 'u', 'v']);
      const leaving = a.hosting.leave();
      // t, idle, is given up while u's and v's rounds go on.
      await expect.poll(async () => (await tableHosts(database!, ['t'])).get('t')?.instanceId ?? '').toBe('');
      expect(a.rooms).toEqual(new Set(['u', 'v']));
      uOver(true);
      vOver(false);
      await leaving;
      expect(a.rooms).toEqual(new Set(['v']));
      const hosts = await tableHosts(database, ['u', 'v']);
      expect(hosts.get('u')?.instanceId ?? '').toBe('');
      expect(hosts.get('v')?.instanceId).toBe('A');
      // At the drain a table kept is not dealt at again.
      expect(a.resumed).toEqual([]);
    });

    // A tester's: a drain whose tables all stayed (rounds in play at the deadline) still waited three sweeps for a peer
    // to take them.
    it('kept with a round in play, are not waited for', async () => {
      database = await backend.open();
      const a = await instance(database, 'A', ['t'], Date.now(), async () => false);
      await a.hosting.sweep();
      await instance(database, 'B', ['t']);
      const started = Date.now();
      await a.hosting.leave();
      expect(Date.now() - started).toBeLessThan(SWEEP_MS);
      expect(a.rooms).toEqual(new Set(['t']));
    });

    it('are not waited for when no live peer can host them', async () => {
      const a = await hostingT();
      // B knows only another table; C, which knows t, last renewed its lease long ago.
      await instance(database!, 'B', ['u']);
      await instance(database!, 'C', ['t'], Date.now() - 2 * LEASE_MS);
      const started = Date.now();
      await a.hosting.leave();
      expect(Date.now() - started).toBeLessThan(SWEEP_MS);
      expect((await tableHosts(database!, ['t'])).get('t')?.instanceId).toBe('');
    });

    // A tester's: a table being moved off a process (its round finishing) found no taker once the round was over, the
    // process it was moving to having started to drain, and was claimed back: its players were moved twice.
    for (const draining of [true, false]) {
      it(`${draining ? 'stay' : 'move'} when the process they were moving to ${draining ? 'started to drain' : 'is still preferred'} as the round finished`, async () => {
        database = await backend.open();
        let roundOver: () => void = () => undefined;
        const finishing = new Promise<void>((resolve) => (roundOver = resolve));
        const a = await instance(database, 'A', ['t', 'u'], Date.now(), () => finishing.then(() => true));
        await a.hosting.sweep();
        expect(a.rooms).toEqual(new Set(['t', 'u']));
        const b = await instance(database, 'B', ['t', 'u']);
        const toB = [...placeTables(await liveInstances(database, Date.now(), LEASE_MS))].find(([, host]) => host === 'B')?.[0] as string;
        await a.hosting.sweep();
        expect(a.hosting.movingCount).toBe(1);
        if (draining) await b.hosting.stopClaiming();
        roundOver();
        await expect.poll(() => a.hosting.movingCount).toBe(0);
        expect(a.rooms.has(toB)).toBe(draining);
        expect(a.resumed).toEqual(draining ? [toB] : []);
        expect((await tableHosts(database, [toB])).get(toB)?.instanceId).toBe(draining ? 'A' : '');
      });
    }
  });
}
