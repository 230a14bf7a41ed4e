/**
 * Who is told that a player's bank ended (`useBankChange`): the other players, not the banker. A tester's banker at
 * table-3, away past its seat hold (offline for over 60 s), came back to two notices: its own ("You left the bank…")
 * and the one meant for the others, of itself in the third person ("Élodie est resté absent trop longtemps et a perdu
 * sa place"): it had lost its seat, so the seat check let the others' notice through.
 */
import { describe, expect, it } from 'vitest';
import type { BankerView, TableView } from '@paigow/protocol';
import { seatView, tableConfig, tableView } from '../testing/table-view.js';
import { bankChangeForOthers } from './useBankChange.js';

const config = tableConfig({ seats: 3, playerBanking: true, bankMinCompPoints: 0, bankMinBalanceCents: 10_150, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } });
const elodie: BankerView = { kind: 'player', seat: 1, nickname: 'Élodie', autoApprove: true, approved: true, leaving: false, roomCents: 0 };
const houseAfterAway: BankerView = { kind: 'house', ended: 'disconnected' };

/** The table seen by `you` (a seat or none, a role) with `banker`; Élodie at seat 1 while she banks. */
function seen(banker: BankerView, you: { nickname: string; seat: number | null; role: 'player' | 'banker' | 'spectator' }): TableView {
  const v = tableView({ config, phase: 'betting', banker }, { nickname: you.nickname, seat: you.seat, role: you.role });
  const seat1 = seatView({ seat: 1, nickname: banker.kind === 'player' ? 'Élodie' : null, role: banker.kind === 'player' ? 'banker' : null, you: you.seat === 1 });
  return { ...v, seats: [v.seats[0], seat1, v.seats[2]] };
}

describe('a player bank ended because its banker stayed away too long', () => {
  it('is told to the other players, naming the banker', () => {
    const before = seen(elodie, { nickname: 'Ada', seat: 0, role: 'player' });
    const after = seen(houseAfterAway, { nickname: 'Ada', seat: 0, role: 'player' });
    expect(bankChangeForOthers(before, after)).toEqual({ kind: 'away', nickname: 'Élodie' });
  });

  it('is not told to the banker back online, its seat lost', () => {
    const before = seen(elodie, { nickname: 'Élodie', seat: 1, role: 'banker' });
    const after = seen(houseAfterAway, { nickname: 'Élodie', seat: null, role: 'spectator' });
    expect(bankChangeForOthers(before, after)).toBeNull();
  });
});
