/**
 * The lobby entry of a table (`GET /api/tables`) is made from what a spectator sees (`viewFor(state, null)`),
 * never from the runner's state: a dealt round's hands and deck are not in what it reads.
 */
import { describe, expect, it } from 'vitest';
import { dealWith, must, seatPlayers, testTable } from '@paigow/engine/testing';
import { viewFor } from '@paigow/protocol';
import { lobbyTable } from './app.js';

describe('the lobby entry of a table', () => {
  it('reads the spectator view: seats taken, phase, banker and terms; full shows every seat taken', () => {
    let state = seatPlayers(testTable(), ['a', 'b']);
    state = must(state, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 1_000, nowMs: state.nowMs });
    state = must(state, { type: 'ready', playerId: 'a', nowMs: state.nowMs }, dealWith('r1', 'As Ks Qs Js Ts 9s 8s', '2c 3d 4h 5s 7c 8d 9h'));
    const view = viewFor(state, null);
    expect(view.you).toBeNull();
    const entry = lobbyTable(view);
    expect(entry).toEqual({
      tableId: 'test',
      name: state.config.name,
      limits: { main: { ...state.config.limits.main }, fortune: { ...state.config.limits.fortune! } },
      playerBanking: false,
      bankMinCompPoints: null,
      envyBonus: false,
      houseWay: state.config.houseWay,
      banker: 'house',
      seats: state.config.seats,
      seatsTaken: 2,
      phase: state.phase,
    });
    expect(lobbyTable(view, true).seatsTaken).toBe(state.config.seats);
  });
});
