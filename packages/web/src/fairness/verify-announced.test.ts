/**
 * A screen-reader tester on the verify page: the verdict ("verified") appeared after the browser's check but was not
 * announced, nor was the not-found message; Commitment, Server seed and Client seeds were not headings (only the h1
 * was). The page's status sits in a polite live region (`role="status"`) from its first render, so what replaces
 * "checking…" is announced, and each of the proof's facts is under an h2.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { FairnessProof } from '@paigow/engine';
import { createI18n, LANGUAGES } from '../app/i18n/index.js';
import { Verdict, VerifyPage } from './VerifyPage.js';
import { verifyInBrowser } from './webcrypto-deck.js';

const v = (JSON.parse(readFileSync(new URL('../../../../reference/fairness-vectors.json', import.meta.url), 'utf8')) as {
  vectors: { serverSeed: string; commitment: string; roundId: string; clientSeeds: string; deck: string[]; hands: { seat: number | 'banker' }[] }[];
}).vectors[1]!;
const proof = { scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: v.deck, hands: v.hands } as unknown as FairnessProof;

describe('the verify page for a screen reader', () => {
  it('puts its status ("checking…", then the verdict or the refusal) in a live region present from the first render', () => {
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n('en') }, createElement(VerifyPage, { roundId: 'r-1', onBack: () => undefined })));
    const live = /<div role="status"[^>]*>(.*?)<\/div>/s.exec(html);
    expect(live?.[0]).toContain('data-testid="verify-live"');
    expect(live?.[1]).toContain('data-testid="verify-status"');
  });

  it.each(LANGUAGES)('gives the commitment, the server seed and the client seeds each an h2 (%s)', async (lng) => {
    const verified = await verifyInBrowser(proof);
    if (!verified.ok) throw new Error(verified.error.message);
    const i18n = createI18n(lng);
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Verdict, { proof, verification: verified.value })));
    const headings = [...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([i18n.t('verify.commitment'), i18n.t('verify.serverSeed'), i18n.t('verify.clientSeeds')].map((s) => s.replace(/&/g, '&amp;')));
  });
});
