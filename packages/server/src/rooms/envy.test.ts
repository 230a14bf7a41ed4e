/**
 * The envy bonus at the table (rules.md §4): with a rigged deck, a player's qualifying Fortune bet
 * earns the fixed amount for another player's four of a kind, paid by the house in the round's one
 * settlement transaction, and it shows in the result, the history and the ledger.
 */
import { describe, expect, it } from 'vitest';
import { applyRateHalfUp, ENVY_BONUS_TABLE } from '@paigow/engine';
import type { HistoryResponse, TablesResponse } from '@paigow/protocol';
import { getJson, riggedRng, serverForSuite, signIn, STORE_BACKENDS, TestClient } from '../testing/harness.js';

// Seat 0 (Ada): nothing at all. Seat 1 (Bo): four tens. The banker: a pair of kings.
const ADA = '2c 3d 5h 7c 9c Jd Kh';
const BO = 'Ts Th Td Tc 4s 6h 8d';
const BANKER = 'Ks Kd 2h 4d 6c 8c Qs';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`the envy bonus on ${backend.name}`, () => {
    const suite = serverForSuite(backend.name, { rng: riggedRng(ADA, BO, BANKER) });

    it('is shown in the lobby and the table settings only where it is on', async () => {
      const lobby = await getJson<TablesResponse>(suite.server, '/api/tables');
      const flags = Object.fromEntries(lobby.body.tables.map((t) => [t.tableId, t.envyBonus]));
      expect(flags).toMatchObject({ envy: true, small: false, bank: false });
    });

    it('pays a 5.00 Fortune bet 5.00 for another player\'s four of a kind, into the ledger and the history', async () => {
      const [a, b] = await Promise.all([signIn(suite.server, 'Ada'), signIn(suite.server, 'Bo')]);
      const ada = await TestClient.join(suite.server, 'envy', a.token, 'ada');
      const bo = await TestClient.join(suite.server, 'envy', b.token, 'bo');
      try {
        const seated = await ada.act('sit', { seat: 0 });
        expect(seated.config.envyBonus).toEqual({ minFortuneBetCents: 500, amountsCents: { ...ENVY_BONUS_TABLE } });
        await bo.act('sit', { seat: 1 });
        const houseBefore = (await suite.server.ledger.accountBalances()).filter((acc) => acc.kind === 'house').reduce((sum, acc) => sum + acc.balanceCents, 0);
        await ada.act('bet', { spot: 'main', amountCents: 1_000 });
        await ada.act('bet', { spot: 'fortune', amountCents: 500 });
        await bo.act('bet', { spot: 'main', amountCents: 1_000 });
        await bo.act('bet', { spot: 'fortune', amountCents: 100 }); // under the 5.00 threshold
        await ada.act('deal');
        await bo.act('deal');
        const dealt = await ada.waitForView((v) => v.phase === 'setting');
        expect([...dealt.you!.cards!].sort()).toEqual(ADA.split(' ').sort());
        await ada.act('house-way');
        await bo.waitForView((v) => v.phase === 'setting');
        await bo.act('house-way');
        const settled = await ada.waitForView((v) => v.lastRound?.roundId === dealt.roundId);
        const [mine, his] = settled.lastRound!.players;
        expect(mine).toMatchObject({ you: true, nickname: 'Ada', fortune: { line: null, netCents: -500 } });
        expect(mine.envy).toEqual({ amountCents: 500, hands: [{ seat: 1, nickname: 'Bo', line: 'four_of_a_kind', amountCents: 500 }] });
        expect(his.envy).toBeNull(); // a 1.00 Fortune bet earns nothing, and never for its own four tens
        expect(his.fortune).toEqual({ line: 'four_of_a_kind', netCents: 2_500 });
        const main = (outcome: string) => ({ win: 1_000 - applyRateHalfUp(1_000, 500), push: 0, lose: -1_000 })[outcome]!;
        expect(mine.netCents).toBe(main(mine.outcome) - 500 + 500);
        expect(settled.you?.balanceCents).toBe(100_000 + mine.netCents);

        // The history (from the ledger's entries) shows the envy money and where it came from.
        const history = await getJson<HistoryResponse>(suite.server, '/api/history', a.token);
        const entry = history.body.items.find((item) => item.roundId === dealt.roundId)!;
        expect(entry.netCents).toBe(mine.netCents);
        expect(entry.result?.players.find((p) => p.you)?.envy).toEqual(mine.envy);
        // The house paid the main results, Bo's Fortune win and Ada's envy bonus; the ledger balances.
        const houseAfter = (await suite.server.ledger.accountBalances()).filter((acc) => acc.kind === 'house').reduce((sum, acc) => sum + acc.balanceCents, 0);
        const commission = [mine, his].reduce((sum, p) => sum + p.commissionCents, 0);
        expect(houseAfter - houseBefore).toBe(-(mine.netCents + his.netCents) - commission);
        expect(await suite.server.ledger.audit()).toEqual([]);
        expect(await suite.server.ledger.sumOfBalances()).toBe(0);
      } finally {
        await ada.leave();
        await bo.leave();
      }
    });
  });
}
