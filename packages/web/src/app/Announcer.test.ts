/** The table's announcements do not flood (issue 14 point 5): the timer is said only as it crosses a threshold. */
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n/index.js';
import { crossedThreshold, TIMER_THRESHOLDS_S } from './Announcer.js';
import { cardName } from '../table-ui/card-name.js';
import { parseCard } from '@paigow/engine';

describe('crossedThreshold', () => {
  it('announces a countdown from 45 s only at 30, 10 and 5 s', () => {
    const said: number[] = [];
    for (let s = 45; s > 0; s--) {
      const c = crossedThreshold(s, s - 1);
      if (c !== null) said.push(c);
    }
    expect(said).toEqual([30, 10, 5]);
    expect(TIMER_THRESHOLDS_S).toEqual([30, 10, 5]);
  });
  it('says the lowest threshold when a tick jumps over several, and nothing when the countdown starts below one', () => {
    expect(crossedThreshold(12, 4)).toBe(5);
    expect(crossedThreshold(8, 7)).toBeNull();
    expect(crossedThreshold(10, 10)).toBeNull();
  });
});

describe('cardName', () => {
  const card = (text: string) => {
    const c = parseCard(text);
    if (!c.ok) throw new Error(text);
    return c.value;
  };
  it.each([
    ['en', 'As', 'ace of spades'],
    ['ru', 'As', 'туз пик'],
    ['fr', 'Qh', 'dame de cœur'],
    ['de', 'As', 'Pik-Ass'],
    ['es', 'Td', 'diez de diamantes'],
    ['en', 'Jk', 'Joker'],
  ])('%s %s is "%s"', (lng, text, name) => {
    const i18n = createI18n(lng);
    expect(cardName(i18n.t, card(text))).toBe(name);
  });
});
