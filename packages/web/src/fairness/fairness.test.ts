import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, formatCard, type FairnessProof, type ProofDifference } from '@paigow/engine';
import { createI18n, LANGUAGES } from '../app/i18n/index.js';
import { parseRoute, routeHash } from '../app/session.js';
import { AuditReportView, type AuditReport } from './AuditPage.js';
import { auditCategoryName, auditTestTitle, differenceText } from './fairness-text.js';
import { Verdict } from './VerifyPage.js';
import { FairnessPanel } from './FairnessPanel.js';
import { randomClientSeed, withClientSeed, type ClientSeed } from './client-seed.js';
import { recomputeWithWebCrypto, verifyInBrowser } from './webcrypto-deck.js';

const vectors = (JSON.parse(readFileSync(new URL('../../../../reference/fairness-vectors.json', import.meta.url), 'utf8')) as {
  vectors: { serverSeed: string; commitment: string; roundId: string; clientSeeds: string; deck: string[]; hands: unknown[] }[];
}).vectors;

describe('the browser’s WebCrypto replay of the shuffle', () => {
  it.each(vectors.map((v) => [v.roundId, v] as const))('reproduces the vector of round %s', async (_id, v) => {
    const { commitment, deck } = await recomputeWithWebCrypto(v.serverSeed, v.roundId, v.clientSeeds);
    expect(commitment).toBe(v.commitment);
    expect(deck.map(formatCard)).toEqual(v.deck);
  });

  it('verifies a true proof and lists what differs in an altered one', async () => {
    const v = vectors[1];
    const proof = { scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: v.deck, hands: v.hands };
    expect(await verifyInBrowser(proof)).toEqual({ ok: true, value: { verified: true, differences: [] } });
    const altered = await verifyInBrowser({ ...proof, clientSeeds: v.clientSeeds.replace('lucky', 'lucKy') });
    expect(altered.ok && altered.value.verified).toBe(false);
    expect(await verifyInBrowser({ nope: true })).toMatchObject({ ok: false, error: { code: 'fairness/bad-proof' } });
  });
});

/** One difference of each code (the engine's `ProofDifference`), with values a sentence must show. */
const EVERY_DIFFERENCE: readonly ProofDifference[] = [
  { code: 'commitment', params: { published: 'a'.repeat(64), expected: 'b'.repeat(64) } },
  { code: 'deck-card', params: { position: 17, published: '7d', expected: 'Jk' } },
  { code: 'client-seeds-order', params: { published: [3, 1, 'B'], expected: [1, 3] } },
  { code: 'hand-cards', params: { seat: 2, published: ['As', 'Kd', 'Qc', 'Jh', 'Ts', '9d', '8c'], expected: ['Jk', 'Kd', 'Qc', 'Jh', 'Ts', '9d', '8c'] } },
  { code: 'settings-count', params: { published: 2, expected: 3 } },
  { code: 'outcomes-count', params: { published: 1, expected: 2 } },
  { code: 'setting-missing', params: { seat: 'banker' } },
  { code: 'outcome-missing', params: { seat: 4 } },
  { code: 'setting-illegal', params: { seat: 1, reason: 'setting/foul', card: null } },
  { code: 'setting-illegal', params: { seat: 1, reason: 'setting/not-your-cards', card: 'Qs' } },
  { code: 'setting-not-house-way', params: { seat: 'banker', published: { high: ['As', 'Ad', '9c', '7h', '5s'], low: ['Kd', '2c'] }, expected: { high: ['As', 'Ad', '9c', '7h', '2c'], low: ['Kd', '5s'] } } },
  { code: 'outcome', params: { seat: 0, published: { high: 'win', low: 'win', outcome: 'lose' }, expected: { high: 'win', low: 'copy', outcome: 'push' } } },
];

/** The English the engine used to send (and `paigow verify` still prints): none of it may reach another language's page. */
const ENGLISH = /\b(published|the seeds give|the deck deals|the house way sets|the settings give|no setting|no outcome|is not one of your cards)\b/;

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('the verify page words what differs in the player’s language (the engine sends codes and values)', () => {
  it.each(LANGUAGES)('words every kind of difference from the %s catalog, with its values', (lng) => {
    const t = createI18n(lng).t;
    for (const d of EVERY_DIFFERENCE) {
      const sentence = differenceText(t, d);
      expect(sentence, d.code).not.toMatch(/verify\.|mark\.|history\.|errors\.|\{\{/);
      if (lng !== 'en') expect(sentence, d.code).not.toMatch(ENGLISH);
      const values = JSON.stringify(d.params).match(/"([^"]{2,})"/g)!.map((v) => v.slice(1, -1));
      for (const value of values.filter((v) => /^([0-9a-f]{64}|[2-9TJQKA][shdc]|Jk)$/.test(v))) expect(sentence, `${d.code} ${value}`).toContain(value);
    }
    // Seats count from 1 on the page, as at the table (the proof counts from 0).
    expect(differenceText(t, EVERY_DIFFERENCE[3])).toContain(t('verify.seat', { seat: 3 }));
    expect(differenceText(t, EVERY_DIFFERENCE[8])).toContain(t('errors.setting/foul'));
  });

  it('lists the differences of an altered proof in German on the page, none in English', async () => {
    const v = vectors[1];
    const proof = { scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: [...v.deck], hands: v.hands } as FairnessProof;
    (proof.deck as string[])[0] = v.deck[1];
    const verified = await verifyInBrowser(proof);
    if (!verified.ok) throw new Error(verified.error.message);
    expect(verified.value.differences).toEqual([{ code: 'deck-card', params: { position: 0, published: v.deck[1], expected: v.deck[0] } }]);
    const i18n = createI18n('de');
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Verdict, { proof, verification: verified.value })));
    const items = [...html.matchAll(/<li[^>]*data-code="([^"]+)"[^>]*>([^<]*)<\/li>/g)].map((m) => [m[1], m[2]]);
    expect(items).toEqual([['deck-card', `Deckposition 0: Der Nachweis nennt ${v.deck[1]}, die Seeds ergeben ${v.deck[0]}.`]]);
    expect(text(html)).not.toMatch(ENGLISH);
  });
});

describe('the fairness audit page names the server’s test ids and category ids in the player’s language', () => {
  const report: AuditReport = {
    rounds: 40,
    threshold: 0.001,
    flagged: false,
    tests: [
      { name: 'banker-category', sample: 40, rows: [{ keys: ['five_aces', 'royal_flush', 'straight_flush', 'four_of_a_kind'], observed: 1, expected: 0.9 }, { keys: ['one_pair'], observed: 20, expected: 19.1 }], statistic: 1.2, degreesOfFreedom: 1, pValue: 0.27, flagged: false },
      { name: 'fortune-line', sample: 160, rows: [{ keys: ['straight', 'losing'], observed: 160, expected: 160 }], statistic: null, degreesOfFreedom: null, pValue: null, flagged: false },
      { name: 'outcome', sample: 40, rows: [{ keys: ['win'], observed: 12, expected: 11.4 }, { keys: ['push', 'loss'], observed: 28, expected: 28.6 }], statistic: 0.1, degreesOfFreedom: 1, pValue: 0.75, flagged: false },
    ],
  };

  it.each(LANGUAGES)('shows no id and no English test description in %s', (lng) => {
    const i18n = createI18n(lng);
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(AuditReportView, { report })));
    const shown = text(html.replace(/ data-[a-z-]+="[^"]*"/g, ''));
    // The ids made of more than one word (one_pair, fortune-line…); one-word ids such as `flush` are also words of some languages.
    for (const id of [...CATEGORIES, 'losing', 'banker-category', 'fortune-line'].filter((id) => /[_-]|losing/.test(id))) expect(shown, id).not.toContain(id);
    expect(shown).not.toMatch(/reference\/|seven-card\.json|against the exact/);
    for (const test of report.tests) expect(shown).toContain(text(auditTestTitle(i18n.t, test.name)));
    expect(shown).toContain(`${i18n.t('category.five_aces')} + ${i18n.t('category.royal_flush')}`);
    expect(shown).toContain(`${i18n.t('fortuneLine.straight')} + ${i18n.t('audit.noLine')}`);
    expect(shown).toContain(`${i18n.t('history.outcome.push')} + ${i18n.t('history.outcome.lose')}`);
    expect(auditCategoryName(i18n.t, 'banker-category', 'one_pair')).toBe(i18n.t('category.one_pair'));
    if (lng !== 'en') expect(auditTestTitle(i18n.t, 'outcome')).not.toBe(auditTestTitle(createI18n('en').t, 'outcome'));
  });

  it.each([
    ['en', '0.001', '0.27'],
    ['ru', '0,001', '0,27'],
    ['fr', '0,001', '0,27'],
    ['de', '0,001', '0,27'],
    ['es', '0,001', '0,27'],
  ] as const)('writes the threshold of the verdict with the decimal separator of %s, as the p-values', (lng, threshold, pValue) => {
    const i18n = createI18n(lng);
    for (const flagged of [false, true]) {
      const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(AuditReportView, { report: { ...report, flagged } })));
      const verdict = text(/<p data-testid="fairness-audit-verdict"[^>]*>(.*?)<\/p>/.exec(html)![1]);
      // Before the fix: `p = 0.001` in every language (the number interpolated as JavaScript writes it).
      expect(verdict, `flagged ${flagged}`).toContain(`p = ${threshold}`);
      expect(text(html)).toContain(pValue);
      if (lng !== 'en') expect(verdict).not.toContain('0.001');
    }
  });

  it.each([
    ['en', '12,480'],
    ['de', '12.480'],
    ['es', '12.480'],
  ] as const)('writes the counts with the thousands separator of %s', (lng, separated) => {
    const i18n = createI18n(lng);
    const big: AuditReport = {
      ...report,
      rounds: 12_480,
      tests: [{ ...report.tests[2], sample: 12_480, rows: [{ keys: ['win'], observed: 12_480, expected: 12_000 }] }],
    };
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(AuditReportView, { report: big })));
    const verdict = text(/<p data-testid="fairness-audit-verdict"[^>]*>(.*?)<\/p>/.exec(html)![1]);
    // Before the fix: "12480 rounds", "12480 counted" and a cell of 12480, as JavaScript writes the number.
    expect(verdict).toContain(separated);
    expect(text(html)).not.toContain('12480');
    expect(html).toContain(`<td>${separated}</td>`);
  });
});

describe('client seeds in the browser', () => {
  it('makes random 16-hex-digit seeds', () => {
    const seeds = new Set(Array.from({ length: 50 }, randomClientSeed));
    expect(seeds.size).toBe(50);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{16}$/);
  });

  it('sends the seed with deal, approve and auto-approve turned on, and nothing else', () => {
    const sent: [string, Record<string, unknown> | undefined][] = [];
    const seed: ClientSeed = { seed: 'abc', error: null, edit: () => undefined, payload: () => ({ clientSeed: 'abc' }) };
    const send = withClientSeed((type: string, payload?: Record<string, unknown>) => {
      sent.push([type, payload]);
      return 'id';
    }, seed);
    send('deal');
    send('approve');
    send('auto-approve', { on: true });
    send('auto-approve', { on: false });
    send('bet', { spot: 'main', amountCents: 100 });
    expect(sent).toEqual([
      ['deal', { clientSeed: 'abc' }],
      ['approve', { clientSeed: 'abc' }],
      ['auto-approve', { on: true, clientSeed: 'abc' }],
      ['auto-approve', { on: false }],
      ['bet', { spot: 'main', amountCents: 100 }],
    ]);
  });
});

describe('the fairness panel at the table', () => {
  const seed: ClientSeed = { seed: 'abc', error: null, edit: () => undefined, payload: () => ({ clientSeed: 'abc' }) };
  const fairness = { scheme: 'paigow-shuffle-v1', roundId: 'r-1', commitment: 'a'.repeat(64), clientSeeds: null };
  const draw = (lng: string, banker: boolean) => {
    const i18n = createI18n(lng);
    return { html: renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(FairnessPanel, { fairness, clientSeed: seed, locked: false, banker }))), t: i18n.t.bind(i18n) };
  };

  it.each(LANGUAGES)('tells a banker (%s) that its seed locks when it approves, not at a Deal it does not have', (lng) => {
    const banker = draw(lng, true);
    expect(banker.html).toContain(banker.t('fairness.clientSeedLabelBanker'));
    expect(banker.html).not.toContain(banker.t('fairness.clientSeedLabel'));
    const player = draw(lng, false);
    expect(player.html).toContain(player.t('fairness.clientSeedLabel'));
    expect(banker.t('fairness.clientSeedLabelBanker')).not.toBe(banker.t('fairness.clientSeedLabel'));
  });

  it('names approval, not Deal, in English', () => {
    const { html } = draw('en', true);
    expect(html).toMatch(/approve/);
    expect(html).not.toContain('Deal');
  });

  // A player read "Dealt with the client seeds 0:c8c6…" and found no seat 0 at the table, which calls it Seat 1.
  it.each(LANGUAGES)('says, once dealt, that the seeds count the seats from 0 (%s)', (lng) => {
    const i18n = createI18n(lng);
    const dealt = { ...fairness, clientSeeds: '0:c8c60367f9a171f5' };
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(FairnessPanel, { fairness: dealt, clientSeed: seed, locked: true })));
    expect(html).toContain('0:c8c60367f9a171f5');
    expect(html).toContain(i18n.t('verify.clientSeedsNote').replace(/"/g, '&quot;'));
    // A paragraph of its own (a player read "…0:debfa23ee0a341c9 That string numbers the seats…": no full stop between).
    expect(html).toMatch(/0:c8c60367f9a171f5<\/p><p[^>]*data-testid="fairness-client-seeds-note"/);
  });

  // A player stood up by a timer was offered a seed "you may change until you press Deal" beside a Sit down button.
  it('offers a spectator no seed to edit, and a seated player one', () => {
    const i18n = createI18n('en');
    const html = (spectator: boolean) =>
      renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(FairnessPanel, { fairness, clientSeed: seed, locked: false, spectator })));
    expect(html(true)).not.toContain('data-testid="client-seed"');
    expect(html(true)).not.toContain(i18n.t('fairness.clientSeedLabel'));
    expect(html(true)).toContain('data-testid="fairness-commitment"');
    expect(html(false)).toContain('data-testid="client-seed"');
  });
});

describe('the fairness routes', () => {
  it('round-trips #/verify/<roundId> and #/fairness-audit', () => {
    expect(parseRoute(routeHash({ screen: 'verify', roundId: 'a b/c' }))).toEqual({ screen: 'verify', roundId: 'a b/c' });
    expect(parseRoute('#/fairness-audit')).toEqual({ screen: 'fairness-audit' });
    expect(routeHash({ screen: 'fairness-audit' })).toBe('#/fairness-audit');
  });
});
