/**
 * What a table's queue waits for (docs/server.md "Statements and batches"): a bet's balance read is asked as the bet
 * arrives, so a table's bets share one read instead of each waiting in the queue for the read of the one before; a
 * setting's record is written while the table's next action runs, and the setting is acknowledged (`handle`'s
 * answer, the view's `ack`) only once it is written or its round's settlement keeps it. The action that asks for a deal
 * or a reveal (the last Deal, the last setting) is answered first; the deal or the reveal follows as the table's next
 * operation, after a turn in the process's lane (docs/server.md "Actions first"). And views show the table as
 * its last action left it, never midway through one (`TableRunner.view`): a view sent while a settlement waited for the
 * ledger showed the round's reveal before it was committed, withdrawn again if the commit failed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap, type Result } from '@paigow/engine';
import { createLedger, type Ledger } from '../ledger/index.js';
import { createLogger } from '../log/index.js';
import { createPlayers, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { until } from '../testing/faults.js';
import { decodeRoundSecret } from './recovery.js';
import { TableRunner, type TableChange } from './runner.js';
import { TransitionLane } from './transition-lane.js';

/** A gate the test opens: `wait()` resolves once `open()` is called. */
function gate(): { wait: () => Promise<void>; open: () => void; waiting: () => number } {
  let opened = false;
  let count = 0;
  const waiters: (() => void)[] = [];
  return {
    wait: () => {
      count += 1;
      return opened ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
    },
    open: () => {
      opened = true;
      for (const resolve of waiters.splice(0)) resolve();
    },
    waiting: () => count,
  };
}

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`what a table's queue waits for on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let players: Players;
    let runner: TableRunner | undefined;
    /** Opens what a test holds, should it fail first (the table's close waits for it). */
    let release = (): void => undefined;

    beforeEach(async () => {
      database = await backend.open();
      ledger = createLedger(database);
      players = createPlayers(database);
    });
    afterEach(async () => {
      release();
      await runner?.close();
      await backend.close(database);
    });

    /** A table of `names.length` seated players on `tableLedger`, and a way for each to act. */
    async function table(tableLedger: Ledger, names: readonly string[], transitions?: TransitionLane) {
      const t = new TableRunner({
        ...(transitions === undefined ? {} : { transitions }),
        config: unwrap(tableConfig({ tableId: 'waits', limits: { main: { minCents: 100, maxCents: 10_000 } } })),
        ledger: tableLedger,
        players,
        rng: createCryptoRng(globalThis.crypto),
        log: () => undefined,
        logger: createLogger({ level: 'error', destination: { write: () => undefined } }),
      });
      runner = t;
      const ids: string[] = [];
      for (const name of names) {
        const id = unwrap(await players.createGuest(name)).player.id;
        unwrap(await t.join((await players.getPlayer(id))!));
        unwrap(await t.handle(id, { type: 'sit', seat: null, requestId: `${name}-sit` }));
        ids.push(id);
      }
      let request = 0;
      const act = (id: string, message: Record<string, unknown> & { type: string }): Promise<Result<void>> =>
        t.handle(id, { requestId: `r${++request}`, ...message } as Parameters<TableRunner['handle']>[1]);
      return { t, ids, act };
    }

    /** Everyone at `t` bets 5.00 and deals; returns the round's id and the players acknowledged from then on, in order. */
    async function dealt(t: TableRunner, ids: readonly string[], act: (id: string, message: Record<string, unknown> & { type: string }) => Promise<Result<void>>) {
      for (const id of ids) unwrap(await act(id, { type: 'bet', spot: 'main', amountCents: 500 }));
      for (const id of ids) unwrap(await act(id, { type: 'deal' }));
      await t.idle();
      const acks: string[] = [];
      t.subscribe((change: TableChange) => {
        if (change.ack?.requestId != null) acks.push(change.ack.playerId);
      });
      return { roundId: t.current.round!.roundId, acks };
    }

    /** `answer`, and whether it has come yet. */
    function watched<T>(answer: Promise<T>): { answer: Promise<T>; came: () => boolean } {
      let came = false;
      return {
        answer: answer.then((value) => {
          came = true;
          return value;
        }),
        came: () => came,
      };
    }

    it("a table's bets share their balance reads: the second is asked before the first is answered", async () => {
      const reads = gate();
      let held = true;
      const slow: Ledger = {
        ...ledger,
        spendable: async (playerId, tableId) => {
          if (held) await reads.wait();
          return ledger.spendable(playerId, tableId);
        },
      };
      const { t, ids, act } = await table(slow, ['Ann', 'Bob']);
      release = () => {
        held = false;
        reads.open();
      };
      const bets = ids.map((id) => act(id, { type: 'bet', spot: 'main', amountCents: 500 }));
      // Before: the second bet's read was asked only once the first bet's was answered (each in its turn in the queue).
      await until(() => reads.waiting() === 2, 5_000);
      release();
      for (const bet of bets) unwrap(await bet);
      expect(ids.map((id) => t.current.players[id]?.bets.main)).toEqual([500, 500]);
    });

    it('a balance read asked before the table read newer figures is read again', async () => {
      const reads = gate();
      let held = true;
      const asked = new Map<string, number>();
      const slow: Ledger = {
        ...ledger,
        spendable: async (playerId, tableId) => {
          asked.set(playerId, (asked.get(playerId) ?? 0) + 1);
          // A held read answers what the ledger had when it was asked.
          const answer = await ledger.spendable(playerId, tableId);
          if (held) await reads.wait();
          return answer;
        },
      };
      const { t, ids, act } = await table(slow, ['Ann', 'Bob']);
      const [ann, bob] = ids;
      const before = t.current.players[ann]!.balanceCents;
      // Bob's bet holds the queue; a read of Ann's figures waits behind it; then Ann bets.
      release = () => {
        held = false;
        reads.open();
      };
      const bobBet = act(bob, { type: 'bet', spot: 'main', amountCents: 500 });
      await until(() => reads.waiting() === 1, 5_000);
      const refreshed = t.refreshPlayer(ann);
      const annBet = act(ann, { type: 'bet', spot: 'main', amountCents: 500 });
      await until(() => reads.waiting() === 2, 5_000);
      // Money reaches Ann's wallet elsewhere after her bet's read was asked, before the table reads her figures.
      await database.db.updateTable('accounts').set((eb) => ({ balance_cents: eb('balance_cents', '+', 1_000) })).where('player_id', '=', ann).execute();
      release();
      for (const done of [bobBet, refreshed, annBet]) unwrap(await done);
      // Before: the bet's read, older than the figures the table read meanwhile, was shown (1,000 short).
      expect(asked.get(ann)).toBe(2);
      expect(t.current.players[ann]?.balanceCents).toBe(before + 1_000);
    });

    it("a setting's record is written while the table's next action runs; the setting is acknowledged once it is written, or once its round's settlement keeps it", async () => {
      const saves = gate();
      const slow: Ledger = {
        ...ledger,
        saveRoundSecret: async (roundId, secret) => {
          await saves.wait();
          return ledger.saveRoundSecret(roundId, secret);
        },
      };
      const { t, ids, act } = await table(slow, ['Ann', 'Bob', 'Cid']);
      const [ann, bob, cid] = ids;
      const { roundId, acks } = await dealt(t, ids, act);
      const annSet = watched(act(ann, { type: 'house-way', roundId }));
      // Before: Bob's setting waited in the queue until Ann's record was written.
      const bobSet = act(bob, { type: 'house-way', roundId });
      release = () => saves.open();
      await until(() => saves.waiting() === 2, 5_000);
      expect(t.current.round?.hands.filter((hand) => hand.setting !== null).length).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(annSet.came()).toBe(false);
      expect(acks).toEqual([]);
      // The last setting's reveal settles the round without waiting for the records (before: after them, and a last
      // setting during a partition was answered only after two statements' bounds): the settlement keeps every setting
      // of the round, and answers them.
      const cidSet = act(cid, { type: 'house-way', roundId });
      for (const set of [annSet.answer, bobSet, cidSet]) unwrap(await set);
      expect(acks.sort()).toEqual([ann, bob, cid].sort());
      expect(await ledger.openRounds()).toEqual([]);
      await until(() => t.view(cid).lastRound?.roundId === roundId, 5_000);
      // The records held meanwhile find the round closed, and are dropped.
      saves.open();
      await t.idle();
      expect(t.current.lastRound?.roundId).toBe(roundId);
    });

    it('a reveal is not shown while its settlement waits for the ledger, and is once it is committed', async () => {
      const settling = gate();
      const slow: Ledger = {
        ...ledger,
        settleRound: async (input) => {
          await settling.wait();
          return ledger.settleRound(input);
        },
      };
      release = () => settling.open();
      const { t, ids, act } = await table(slow, ['Ann']);
      const [ann] = ids;
      const { roundId } = await dealt(t, ids, act);
      const balanceDealt = t.view(ann).you?.balanceCents;
      const played = act(ann, { type: 'house-way', roundId });
      await until(() => settling.waiting() === 1, 5_000);
      // The reducer has revealed the round (its state), but the ledger has not recorded it yet. Before: the views
      // sent meanwhile (the others', 50 ms after a change; a client joining) showed the reveal.
      expect(t.current.lastRound?.roundId).toBe(roundId);
      expect(t.view(ann).lastRound).toBeNull();
      expect(t.view(null).lastRound).toBeNull();
      expect(t.view(ann).you?.balanceCents).toBe(balanceDealt);
      settling.open();
      unwrap(await played);
      await t.idle();
      expect(t.view(ann).lastRound?.roundId).toBe(roundId);
      expect(t.view(ann).you?.balanceCents).toBe(unwrap(await ledger.spendable(ann, 'waits')));
    });

    /** The ledger with `method` waiting for the gate returned (opened at the end of the test, should it fail first). */
    function gated(method: 'settleRound' | 'openRound'): { slow: Ledger; held: ReturnType<typeof gate> } {
      const held = gate();
      const original = ledger[method] as (input: never) => Promise<unknown>;
      const slow = { ...ledger, [method]: async (input: never) => (await held.wait(), original(input)) } as Ledger;
      release = () => held.open();
      return { slow, held };
    }

    it("the last setting is acknowledged before its round's settlement, once its record is written; the reveal follows", async () => {
      const { slow, held: settling } = gated('settleRound');
      const { t, ids, act } = await table(slow, ['Ann', 'Bob']);
      const [ann, bob] = ids;
      const { roundId, acks } = await dealt(t, ids, act);
      unwrap(await act(ann, { type: 'house-way', roundId }));
      const bobSet = watched(act(bob, { type: 'house-way', roundId }));
      await until(() => settling.waiting() === 1, 5_000);
      // Before: the last setting's answer waited for the settlement (a whole ledger transaction and its reads).
      await until(bobSet.came, 5_000);
      unwrap(await bobSet.answer);
      expect(acks).toEqual([ann, bob]);
      // Its record was written first (a restart keeps it), and its view shows its hand set, no reveal yet.
      const [open] = await ledger.openRounds();
      expect(decodeRoundSecret(open.secret)?.hands.find((hand) => hand.playerId === bob)?.setting).not.toBeNull();
      expect(t.view(bob).you?.cards).not.toBeNull();
      expect(t.view(bob).lastRound).toBeNull();
      settling.open();
      await t.idle();
      expect(t.view(bob).lastRound?.roundId).toBe(roundId);
      expect(await ledger.openRounds()).toEqual([]);
    });

    it('the last Deal is acknowledged before the deal, which follows', async () => {
      const { slow, held: opening } = gated('openRound');
      const { t, ids, act } = await table(slow, ['Ann', 'Bob']);
      const [ann, bob] = ids;
      for (const id of ids) unwrap(await act(id, { type: 'bet', spot: 'main', amountCents: 500 }));
      unwrap(await act(ann, { type: 'deal' }));
      const bobDeal = watched(act(bob, { type: 'deal' }));
      await until(() => opening.waiting() === 1, 5_000);
      // Before: the last Deal's answer waited for the deal's ledger transaction.
      await until(bobDeal.came, 5_000);
      unwrap(await bobDeal.answer);
      expect(t.view(bob).you?.cards).toBeNull();
      opening.open();
      await t.idle();
      expect(t.view(bob).you?.cards).not.toBeNull();
    });

    it("a deal and a reveal wait for a turn in the process's lane; the players' actions are answered meanwhile", async () => {
      const transitions = new TransitionLane(1);
      const { t, ids, act } = await table(ledger, ['Ann', 'Bob'], transitions);
      const [ann, bob] = ids;
      // Another table's transition holds the lane's only turn.
      const endOther = await transitions.turn();
      release = endOther;
      for (const id of ids) unwrap(await act(id, { type: 'bet', spot: 'main', amountCents: 500 }));
      for (const id of ids) unwrap(await act(id, { type: 'deal' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(t.current.round).toBeNull();
      expect(transitions.waiting).toBe(1);
      endOther();
      await t.idle();
      const roundId = t.current.round!.roundId;
      const endAgain = await transitions.turn();
      release = endAgain;
      unwrap(await act(ann, { type: 'house-way', roundId }));
      unwrap(await act(bob, { type: 'house-way', roundId }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(t.view(bob).lastRound).toBeNull();
      expect(await ledger.openRounds()).toHaveLength(1);
      endAgain();
      await t.idle();
      expect(t.view(bob).lastRound?.roundId).toBe(roundId);
      expect(await ledger.openRounds()).toEqual([]);
      expect(transitions.inFlight).toBe(0);
    });

    it('a setting whose record could not be saved is saved again, and acknowledged only then', async () => {
      let failing = 1;
      let saves = 0;
      const faulty: Ledger = {
        ...ledger,
        saveRoundSecret: async (roundId, secret) => {
          saves += 1;
          if (failing > 0) {
            failing -= 1;
            throw new Error('Connection terminated unexpectedly');
          }
          return ledger.saveRoundSecret(roundId, secret);
        },
      };
      const { t, ids, act } = await table(faulty, ['Ann', 'Bob']);
      const [ann] = ids;
      const { roundId, acks } = await dealt(t, ids, act);
      const set = watched(act(ann, { type: 'house-way', roundId }));
      await until(() => saves === 1, 5_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Before: acknowledged at once, its record unwritten; a restart then set the hand by the house way.
      expect(set.came()).toBe(false);
      expect(acks).toEqual([]);
      unwrap(await set.answer);
      expect(saves).toBe(2);
      expect(acks).toEqual([ann]);
      const [open] = await ledger.openRounds();
      expect(decodeRoundSecret(open.secret)?.hands.find((hand) => hand.playerId === ann)?.setting).not.toBeNull();
    });
  });
}
