/**
 * A tester's: a 45 s decision timer once showed "46 s". Its first reading was data-ms-left 45130: the deadline, moved
 * to the browser's clock from the view's `serverNowMs`, lay more than the timer's full length ahead. What the table
 * counts down (the timer, the "at most" of the phase line, the leave question's time left) is never more than the
 * table's decision, approval, bet or betting-window time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HAND } from '../testing/table-view.js';
import { dragonRoomView, renderTableLayout } from '../testing/table-layout.js';
import { feltOf } from '../table-ui/felt.js';
import { createI18n, LANGUAGES } from './i18n/index.js';

/** Ada dealt in at table-3, 45 s to set her hand (decisionMs), her deadline 45.13 s after the view's server time. */
const dealt = dragonRoomView({ phase: 'setting', roundId: 'r-1', serverNowMs: 1_000 }, { cards: [...HAND], deadlineMs: 46_130, deadlineKind: 'decision' });

describe('a countdown is never longer than its timer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The browser's clock when the view came (renderTableLayout's receivedAtMs).
    vi.setSystemTime(1_000);
  });
  afterEach(() => vi.useRealTimers());

  it('holds a deadline to the timer’s full length from the view’s arrival', () => {
    expect(dealt.config.timers.decisionMs).toBe(45_000);
    expect(feltOf(dealt, dealt.you!, [], 'open', new Set(), 1_000).timer).toEqual({ own: 46_000, wait: null, deadline: 46_000, totalMs: 45_000 });
    // A deadline within the length is kept as it is.
    const later = { ...dealt, you: { ...dealt.you!, deadlineMs: 40_000 } };
    expect(feltOf(later, later.you, [], 'open', new Set(), 1_000).timer.own).toBe(40_000);
  });

  it.each(LANGUAGES)('shows 45 s on a 45 s timer, not 46 (%s)', (lng) => {
    const html = renderTableLayout(dealt, lng);
    const timer = /<div[^>]*data-testid="timer"[^>]*>.*?<span class="timer__text">([^<]*)<\/span>/.exec(html);
    expect(timer?.[0]).toContain('data-ms-left="45000"');
    expect(timer?.[1]).toBe(createI18n(lng).t('table.secondsLeft', { seconds: 45 }));
  });
});
