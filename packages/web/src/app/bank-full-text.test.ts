/**
 * A player-banker tester at a table whose bank could take 14.48 more, with 50.00 of their own already bet: the
 * bank's line said "The bank can take $14.48 more." while the reason Double was off said, at the same moment,
 * "The bank can take only $64.48 more." (the most their own bet may be, their 50.00 counted in). The reason now
 * says what it counts, the player's own bet, in every language; the bank's line keeps the bank's room.
 */
import { describe, expect, it } from 'vitest';
import type { BankerView } from '@paigow/protocol';
import { tableConfig, tableView } from '../testing/table-view.js';
import { betsBlockText } from './BetTools.js';
import { createI18n, LANGUAGES } from './i18n/index.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const banker: BankerView = { kind: 'player', seat: 0, nickname: 'Ola', autoApprove: false, approved: true, leaving: false, roomCents: 1_448 };
const view = tableView({ config: tableConfig({ seats: 4, playerBanking: true }), phase: 'betting', banker }, { seat: 1, nickname: 'Max', bets: { main: 5_000, fortune: 0 } });

describe('why a bet is over what the bank can take', () => {
  it('names the most the player may bet, as the player’s own limit, not a second room of the bank', () => {
    const t = createI18n('en').t;
    const reason = betsBlockText(t, money, 'bank-full', view, view.you!, 10_000);
    expect(reason).toBe('Your bet can be $64.48 at most: the bank can take no more.');
    expect(t('bank.room', { amount: money(1_448) })).toBe('The bank can take $14.48 more.');
  });

  it.each(LANGUAGES)('gives the amount in %s', (lng) => {
    const t = createI18n(lng).t;
    expect(betsBlockText(t, money, 'bank-full', view, view.you!, 10_000)).toContain('$64.48');
  });
});
