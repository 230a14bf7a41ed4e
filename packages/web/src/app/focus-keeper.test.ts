/**
 * Where the keyboard focus goes when its control disappears or is disabled (issue 14 point 5).
 */
import { describe, expect, it } from 'vitest';
import { focusCandidates } from './focus-keeper.js';

const control = (testid: string, card: string | null = null) => ({ testid, card });

describe('focusCandidates', () => {
  it('keeps the focus on a card that moved to the other hand', () => {
    expect(focusCandidates(control('player-card', 'As'), { stage: 'setting', hintOpen: false })[0]).toBe('[data-testid="player-card"][data-card="As"]');
  });
  it('after Deal waits for the cards, then gives the first card or House Way, never the chips', () => {
    const betting = focusCandidates(control('deal'), { stage: 'revealed', hintOpen: false });
    expect(betting).toEqual(['[data-testid="deal"]']);
    expect(focusCandidates(control('deal'), { stage: 'empty', hintOpen: false })).toEqual(['[data-testid="deal"]']);
    expect(focusCandidates(control('deal'), { stage: 'setting', hintOpen: false })).toEqual([
      '[data-testid="deal"]',
      '[data-testid="player-card"]',
      '[data-testid="house-way"]',
      '[data-testid="split"]',
    ]);
  });
  it('hands Hint’s focus to its panel, and the panel’s back to Hint when it closes', () => {
    expect(focusCandidates(control('hint'), { stage: 'setting', hintOpen: true }).slice(0, 2)).toEqual(['[data-testid="hint-use"]', '[data-testid="hint-close"]']);
    expect(focusCandidates(control('hint-close'), { stage: 'setting', hintOpen: false })[0]).toBe('[data-testid="hint"]');
    expect(focusCandidates(control('hint-close'), { stage: 'setting', hintOpen: false })).toEqual(['[data-testid="hint"]']);
    expect(focusCandidates(control('hint'), { stage: 'setting', hintOpen: false })).toEqual(['[data-testid="hint-use"]', '[data-testid="hint-close"]', '[data-testid="hint"]']);
  });
  it('after Split or House Way, once the result is shown: Rebet, then Deal, then a chip', () => {
    expect(focusCandidates(control('split'), { stage: 'revealed', hintOpen: false })).toEqual([
      '[data-testid="split"]',
      '[data-testid="rebet"]',
      '[data-testid="deal"]',
      '[data-testid^="chip-"]',
    ]);
    expect(focusCandidates(control('house-way'), { stage: 'watching', hintOpen: false })).toEqual(['[data-testid="house-way"]']);
  });
  it('after Rebet, Deal', () => {
    expect(focusCandidates(control('rebet'), { stage: 'revealed', hintOpen: false }).slice(0, 3)).toEqual(['[data-testid="rebet"]', '[data-testid="deal"]', '[data-testid^="chip-"]']);
  });
});
