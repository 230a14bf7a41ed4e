/**
 * A tester's: "Bets on the table: $1" under the result counted only the player's own bets while another player had $100
 * on the felt. The line (`bet-total`) names them as the player's own, in every language with the glossary's word for a
 * bet (docs/glossary.md: ставка, mise, Einsatz, apuesta).
 */
import { describe, expect, it } from 'vitest';
import { seatView } from '../testing/table-view.js';
import { dragonRoomView, renderTableLayout } from '../testing/table-layout.js';
import { formatMoney } from './i18n/index.js';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Ada's $1 on the felt of table-3 beside Bea's $100. */
function feltOfTwo() {
  const v = dragonRoomView({}, { bets: { main: 100, fortune: 0 } });
  const seats = v.seats.map((s) => (s.seat === 0 ? { ...s, bets: { main: 100, fortune: 0 } } : s.seat === 1 ? seatView({ seat: 1, nickname: 'Bea', role: 'player', bets: { main: 10_000, fortune: 0 } }) : s));
  return { ...v, seats };
}

describe('the total under the chips is the player’s own bets', () => {
  it.each([
    ['en', 'Your bets: '],
    ['ru', 'Ваши ставки: '],
    ['fr', 'Vos mises : '],
    ['de', 'Ihre Einsätze: '],
    ['es', 'Tus apuestas: '],
  ])('%s: "%s" and the player’s 1.00, never the 101.00 on the felt', (lng, words) => {
    const html = renderTableLayout(feltOfTwo(), lng);
    const total = /<span[^>]*data-testid="bet-total"[^>]*>([^<]*)<\/span>/.exec(html);
    expect(total?.[0]).toContain('data-cents="100"');
    expect(text(total?.[1] ?? '')).toBe(text(words + formatMoney(lng, 100)));
  });
});
