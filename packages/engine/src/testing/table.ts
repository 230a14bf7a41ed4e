/**
 * Test support for the table reducer (not used by the server): stacked decks, a table with
 * players, and a tiny in-memory ledger that applies `open-round` holds and `settle-round`
 * postings the way the server's ledger does, to check that money conserves.
 */

import { newDeck, type Card } from '../cards/index.js';
import { unwrap } from '../errors/index.js';
import { parseCards } from '../notation/index.js';
import type { DealMaterial, TableAction } from '../table/actions.js';
import { apply, bettingWindowEnd } from '../table/apply.js';
import { tableConfig, type TableConfigInput } from '../table/config.js';
import { roundHolds, walletCredits } from '../table/settlement.js';
import { createTable, type AccountRef, type Applied, type Hold, type NextRound, type TableEffect, type TableState } from '../table/state.js';

/** A 53-card deck whose first cards are `hands` (7 cards each, in deal order: players by seat, then the banker). */
export function stackedDeck(...hands: string[]): Card[] {
  const top = hands.flatMap((hand) => unwrap(parseCards(hand, 7)));
  if (new Set(top).size !== top.length) throw new Error('stacked hands share a card');
  return [...top, ...newDeck().filter((c) => !top.includes(c))];
}

/** Deal material with a stacked deck. */
export function dealWith(roundId: string, ...hands: string[]): DealMaterial {
  return { roundId, deck: stackedDeck(...hands) };
}

/** A house-banked test table 'test' with limits 1.00–100.00 (Fortune 1.00–25.00), overridable; `nextRound` as `createTable`'s. */
export function testTable(overrides: Partial<TableConfigInput> = {}, nowMs = 1_000_000, nextRound: NextRound | null = null): TableState {
  return createTable(
    unwrap(
      tableConfig({
        tableId: 'test',
        limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } },
        ...overrides,
      }),
    ),
    nowMs,
    nextRound,
  );
}

/** The effects of the `must` call that returned `state` (none for a state `must` did not return). */
const effectsByState = new WeakMap<TableState, readonly TableEffect[]>();

/** The effects of the action (and of the deal it led to) that `must` applied to reach `state`. */
export function effectsOf(state: TableState): readonly TableEffect[] {
  return effectsByState.get(state) ?? [];
}

function applied(state: TableState, action: TableAction): Applied {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`${action.type} refused: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/**
 * Applies an action that must succeed, as the server does with a ledger that takes every deal: when it asks
 * for the deal (`deal-due`), the round is dealt at once from `deal` (then `nextRound` is the table's next
 * commitment), and when it asks for the reveal (`reveal-due`), the round is revealed at once; the ledger's answers
 * follow, each player's figures being the table's moved by the ledger (`sync` after a deal takes the stakes, and after a refused deal gives them back; `round-settled` after a
 * settlement). Throws with the refusal, or when a round is due and no `deal` material is given.
 * `effectsOf(result)` lists the effects of it all.
 */
export function must(state: TableState, action: TableAction, deal?: DealMaterial, nextRound: NextRound | null = null): TableState {
  const refused = (action.type === 'round-failed' || action.type === 'round-short') && state.round?.roundId === action.roundId ? roundHolds(state.round) : [];
  const first = applied(state, action);
  let next = first.state;
  const { effects } = first;
  const all = [...effects];
  if (effects.some((effect) => effect.kind === 'deal-due')) {
    if (deal === undefined) throw new Error(`${action.type} deals a round but no deal material was given`);
    const dealt = applied(next, { type: 'deal', deal, next: nextRound, nowMs: next.nowMs });
    next = dealt.state;
    all.push(...dealt.effects);
  }
  const answer = (reply: TableAction): void => {
    const answered = applied(next, reply);
    next = answered.state;
    all.push(...answered.effects);
  };
  const revealDue = all.find((effect) => effect.kind === 'reveal-due');
  if (revealDue !== undefined) answer({ type: 'reveal', roundId: revealDue.roundId, nowMs: next.nowMs });
  const nowMs = next.nowMs;
  const moved = (holds: readonly Hold[], sign: 1 | -1): void => {
    for (const hold of holds) {
      const p = next.players[hold.playerId];
      if (p !== undefined) answer({ type: 'sync', playerId: p.playerId, balanceCents: p.balanceCents + sign * hold.amountCents, compPoints: p.compPoints, nowMs });
    }
  };
  moved(refused, 1);
  for (const effect of [...all]) {
    if (effect.kind === 'open-round') moved(effect.holds, -1);
    if (effect.kind === 'settle-round') {
      const changes = walletCredits(effect.postings);
      const figures = effect.compPoints.flatMap((change) => {
        const p = next.players[change.playerId];
        return p === undefined ? [] : [{ playerId: p.playerId, balanceCents: p.balanceCents + (changes.get(p.playerId) ?? 0), compPoints: p.compPoints + change.delta }];
      });
      answer({ type: 'round-settled', roundId: effect.roundId, players: figures, nowMs });
    }
  }
  effectsByState.set(next, all);
  return next;
}

/** Joins and seats players `ids` (seat = index) with `balanceCents` each. */
export function seatPlayers(state: TableState, ids: readonly string[], balanceCents = 100_000, compPoints = 0): TableState {
  let s = state;
  ids.forEach((id, seat) => {
    s = must(s, { type: 'join', playerId: id, nickname: `nick-${id}`, balanceCents, compPoints, nowMs: s.nowMs });
    s = must(s, { type: 'sit', playerId: id, seat, nowMs: s.nowMs });
  });
  return s;
}

/**
 * The tick that ends the betting window holding the deal of `state` (`bettingWindowEnd`: every player with a bet is
 * ready while a seated player has none). Throws when the window holds no deal.
 */
export function bettingWindowTick(state: TableState): TableAction {
  const end = bettingWindowEnd(state);
  if (end === null) throw new Error('the betting window holds no deal');
  return { type: 'tick', nowMs: end };
}

/**
 * A minimal ledger: wallets and system accounts, holds into escrow, postings out of it. Checks
 * the same invariants as the server's ledger (escrow released exactly, no wallet negative).
 */
export class MiniLedger {
  readonly accounts = new Map<string, number>();
  private readonly held = new Map<string, number>();

  constructor(wallets: Readonly<Record<string, number>>) {
    let issued = 0;
    for (const [id, cents] of Object.entries(wallets)) {
      this.accounts.set(`wallet:${id}`, cents);
      issued += cents;
    }
    this.accounts.set('issuance', -issued);
    for (const system of ['house', 'commission', 'escrow']) this.accounts.set(system, 0);
  }

  private move(from: string, to: string, cents: number): void {
    if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`bad amount ${cents}`);
    this.accounts.set(from, (this.accounts.get(from) ?? 0) - cents);
    this.accounts.set(to, (this.accounts.get(to) ?? 0) + cents);
    for (const id of [from, to]) {
      if (id.startsWith('wallet:') && this.accounts.get(id)! < 0) throw new Error(`${id} went negative`);
    }
  }

  private static idOf(ref: AccountRef): string {
    return typeof ref === 'string' ? ref : `wallet:${ref.player}`;
  }

  /** Applies the effects the server would post. Throws on any broken invariant. */
  post(effects: readonly TableEffect[]): void {
    for (const effect of effects) {
      if (effect.kind === 'open-round') {
        let total = 0;
        for (const hold of effect.holds) {
          this.move(`wallet:${hold.playerId}`, 'escrow', hold.amountCents);
          total += hold.amountCents;
        }
        this.held.set(effect.roundId, total);
      } else if (effect.kind === 'settle-round') {
        const held = this.held.get(effect.roundId);
        if (held === undefined) throw new Error(`settling unknown round ${effect.roundId}`);
        let released = 0;
        for (const posting of effect.postings) {
          if (posting.to === 'escrow') throw new Error('posting into escrow');
          if (posting.from === 'escrow') released += posting.amountCents;
          this.move(MiniLedger.idOf(posting.from), MiniLedger.idOf(posting.to), posting.amountCents);
        }
        if (released !== held) throw new Error(`round ${effect.roundId} held ${held} but released ${released}`);
        this.held.delete(effect.roundId);
      }
    }
  }

  /** Returns the holds of a round that failed to open (the server's ledger never took them). */
  unopen(roundId: string, effects: readonly TableEffect[]): void {
    for (const effect of effects) {
      if (effect.kind === 'open-round' && effect.roundId === roundId) {
        for (const hold of effect.holds) this.move('escrow', `wallet:${hold.playerId}`, hold.amountCents);
        this.held.delete(roundId);
      }
    }
  }

  wallet(playerId: string): number {
    return this.accounts.get(`wallet:${playerId}`) ?? 0;
  }

  sum(): number {
    let total = 0;
    for (const cents of this.accounts.values()) total += cents;
    return total;
  }
}
