/**
 * The verify page shows how each hand of a settled round ended (a player's finding: it said the browser recomputed
 * every outcome, and showed only the dealt cards): each hand's setting and who set it, and each player's outcome, in
 * each language; a refunded round (settings and outcomes null) shows neither.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { FairnessProof } from '@paigow/engine';
import { CATALOGS, createI18n } from '../app/i18n/index.js';
import { ProofFacts } from './VerifyPage.js';

const v = (JSON.parse(readFileSync(new URL('../../../../reference/fairness-vectors.json', import.meta.url), 'utf8')) as {
  vectors: { serverSeed: string; commitment: string; roundId: string; clientSeeds: string; deck: string[]; hands: { seat: number | 'banker'; cards: string[] }[] }[];
}).vectors[1];
const player = v.hands.find((h) => h.seat !== 'banker')!;
const banker = v.hands.find((h) => h.seat === 'banker')!;
const settled = {
  scheme: 'paigow-shuffle-v1',
  roundId: v.roundId,
  commitment: v.commitment,
  serverSeed: v.serverSeed,
  clientSeeds: v.clientSeeds,
  deck: v.deck,
  hands: v.hands,
  houseWay: 'seeds',
  settings: v.hands.map((h) => ({ seat: h.seat, high: h.cards.slice(0, 5), low: h.cards.slice(5), setBy: h.seat === player.seat ? 'timeout' : h.seat === 'banker' ? 'house-way' : 'player' })),
  outcomes: v.hands.filter((h) => h.seat !== 'banker').map((h) => ({ seat: h.seat, high: 'win', low: 'copy', outcome: 'push' })),
} as unknown as FairnessProof;

function render(proof: FairnessProof, lng = 'en'): string {
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, createElement(ProofFacts, { proof })));
}

describe("the verify page's hands of a settled round", () => {
  it('shows each hand’s setting and who set it, and each player’s outcome', () => {
    const html = render(settled);
    expect(html).toContain(`data-high="${player.cards.slice(0, 5).join(' ')}" data-low="${player.cards.slice(5).join(' ')}" data-set-by="timeout"`);
    expect(html).toContain('Set by the house way (time ran out):');
    expect(html).toContain(`data-high="${banker.cards.slice(0, 5).join(' ')}"`);
    expect(html).toContain('Result: high hand: Win, low hand: Copy, bet: Push');
    expect(html.match(/data-testid="verify-outcome"/g)).toHaveLength(v.hands.length - 1);
  });

  it.each(Object.keys(CATALOGS))('%s: says it in the page’s language', (lng) => {
    const { t } = createI18n(lng);
    const html = render(settled, lng);
    expect(html).toContain(t('verify.settingBy.house-way'));
    expect(html).toContain(t('verify.outcome', { results: '|' }).split('|')[0]);
  });

  it('shows neither for a refunded round', () => {
    const html = render({ ...settled, settings: null, outcomes: null } as FairnessProof);
    expect(html).not.toContain('verify-setting');
    expect(html).not.toContain('verify-outcome');
  });
});
