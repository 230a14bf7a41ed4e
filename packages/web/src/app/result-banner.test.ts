/**
 * The coach's grade under the result (issue 17 point 1): while the server grades, then what the setting
 * gave up against the best one (or that it was the best), with the EVs in its title; nothing for a round
 * the viewer banked or once the asking gave up.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, formatMoney } from './i18n/index.js';
import { gradePlaces, ResultBanner, ResultGradeLine, resultTone, type ResultGrade } from './ResultBanner.js';
import type { ResultModel } from '../table-ui/model.js';

const result: ResultModel = { roundId: 'r-1', outcome: 'win', netCents: 950, commissionCents: 50, fortune: null, envy: null, asBanker: false };

function render(grade: ResultGrade | undefined, lng = 'en'): string {
  const i18n = createI18n(lng);
  const money = (cents: number, signed = false) => formatMoney(lng, cents, signed);
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(ResultBanner, { result, money, grade })));
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const gradeTag = (html: string) => /<span[^>]*data-testid="result-grade"[^>]*>(?:[^<]*|<button[^>]*>[^<]*<\/button>)<\/span>/.exec(html)?.[0] ?? null;

describe('the grade under the result', () => {
  it('says the setting is being graded until the grade comes', () => {
    const tag = gradeTag(render({ state: { kind: 'pending' }, betCents: 5_000 }));
    expect(tag).toContain('data-state="pending"');
    expect(text(tag!)).toBe('Grading your setting…');
  });

  it('gives what the setting gave up in % of the bet and in money at the bet, with the EVs in its title', () => {
    const grade = { playedEv: -0.0242, bestEv: -0.02, houseWayEv: -0.0242, evLost: 0.0042 };
    const tag = gradeTag(render({ state: { kind: 'graded', grade }, betCents: 5_000 }));
    expect(tag).toContain('data-ev-lost="0.0042"');
    expect(text(tag!)).toBe('Setting cost 0.42% ($0.21)');
    expect(tag).toContain('title="You gave up 0.42% of the bet ($0.21). Your setting: EV −2.42% · best −2.00% · house way −2.42%');
  });

  // A tester on a touch phone: the EVs were in the title only, which a tap never shows. The words open them.
  it('opens the whole sentence with the EVs from its words, a disclosure a tap and a key reach', () => {
    const grade = { playedEv: -0.0242, bestEv: -0.02, houseWayEv: -0.0242, evLost: 0.0042 };
    const tag = gradeTag(render({ state: { kind: 'graded', grade }, betCents: 5_000 }))!;
    const button = /<button[^>]*data-testid="grade-why"[^>]*>/.exec(tag)?.[0] ?? '';
    expect(button).toContain('type="button"');
    expect(button).toContain('aria-expanded="false"');
  });

  it('says so when the setting was the best one, in the player\'s language', () => {
    const grade = { playedEv: 0.01, bestEv: 0.01, houseWayEv: 0.01, evLost: 0 };
    expect(text(gradeTag(render({ state: { kind: 'graded', grade }, betCents: 5_000 }))!)).toBe('Best setting');
    const de = text(gradeTag(render({ state: { kind: 'graded', grade }, betCents: 5_000 }, 'de'))!);
    expect(de).not.toBe('Best setting');
  });

  it('shows no grade line without a grade to show', () => {
    expect(gradeTag(render(undefined))).toBeNull();
    expect(gradeTag(render({ state: { kind: 'none' }, betCents: 5_000 }))).toBeNull();
  });
});

describe('the grade on a phone, in the empty bet total\'s place', () => {
  // A player on a 390×844 phone saw neither "Grading your setting…" nor the grade after a round; the same account on a
  // laptop saw the line in the banner. The phone showed the grade only once graded, nothing while it was computed.
  it('is there from "Grading your setting…" to the grade, as in a wide screen\'s banner, until a chip goes on the felt', () => {
    const pending: ResultGrade = { state: { kind: 'pending' }, betCents: 1_000 };
    const graded: ResultGrade = { state: { kind: 'graded', grade: { playedEv: 0.01, bestEv: 0.01, houseWayEv: 0.01, evLost: 0 } }, betCents: 1_000 };
    expect(gradePlaces(pending, true, true)).toEqual({ note: pending });
    expect(gradePlaces(graded, true, true)).toEqual({ note: graded });
    expect(gradePlaces(pending, false, true)).toEqual({ banner: pending });
    expect(gradePlaces(graded, false, false)).toEqual({ banner: graded });
    // A chip on the felt: the bet total takes its place back. No grade to show: nowhere.
    expect(gradePlaces(pending, true, false)).toEqual({});
    expect(gradePlaces({ state: { kind: 'none' }, betCents: 1_000 }, true, true)).toEqual({});
    expect(gradePlaces(undefined, false, true)).toEqual({});
  });

  it('says "Grading your setting…" in the note while the grade is computed', () => {
    const i18n = createI18n('en');
    const money = (cents: number, signed = false) => formatMoney('en', cents, signed);
    const html = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n }, createElement(ResultGradeLine, { grade: { state: { kind: 'pending' }, betCents: 1_000 }, t: i18n.t, lng: 'en', money, form: 'note' })),
    );
    expect(html).toContain('class="grade-note"');
    expect(html).toContain('data-state="pending"');
    expect(text(html)).toBe('Grading your setting…');
  });

  it('says what the setting cost in money only, or that it was the best', () => {
    const i18n = createI18n('es');
    const money = (cents: number, signed = false) => formatMoney('es', cents, signed);
    const grade = { playedEv: -0.0242, bestEv: -0.02, houseWayEv: -0.0242, evLost: 0.0042 };
    const html = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n }, createElement(ResultGradeLine, { grade: { state: { kind: 'graded', grade }, betCents: 5_000 }, t: i18n.t, lng: 'es', money, form: 'note' })),
    );
    expect(html).toContain('class="grade-note grade"');
    expect(text(html)).toBe(text(`La colocación costó ${money(21)}`));
  });
});

describe('the amounts in the result', () => {
  it('keeps each signed amount whole, so a phone never breaks "Fortune: bet lost (−" from "$0.25"', () => {
    const loss: ResultModel = { ...result, outcome: 'push', netCents: -25, commissionCents: 0, fortune: { line: null, netCents: -25 } };
    const i18n = createI18n('en');
    const money = (cents: number, signed = false) => formatMoney('en', cents, signed);
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(ResultBanner, { result: loss, money })));
    expect(html).toContain('<span class="amount">−$0.25</span>');
    expect(text(html)).toContain('You lost $0.25');
  });
});

// A player's: a $3 main bet won and a $5 Fortune bet lost, under a red banner that began "Main bet: you win $2.85 ·
// Commission $0.15 · Fortune: bet lost (−$5) · Net −$2.15". The banner leads with the net in words, then its parts.
describe('the banner leads with what the round did to the money', () => {
  const mixed: ResultModel = { ...result, outcome: 'win', netCents: -215, commissionCents: 15, fortune: { line: null, netCents: -500 } };
  const lines = (model: ResultModel, lng: string): string[] => {
    const money = (cents: number, signed = false) => formatMoney(lng, cents, signed);
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, createElement(ResultBanner, { result: model, money })));
    return [...html.matchAll(/<span class="([^"]*)" data-testid="result-line" data-kind="(\w+)"[^>]*>(.*?)<\/span>(?=<span class="result|<\/div>)/g)].map((m) => `${m[2]}: ${m[3]!.replace(/<[^>]+>/g, '')}`);
  };

  it.each([
    ['en', ['net: You lost $2.15', 'main: Main bet won $2.85 after $0.15 commission', 'fortune: Fortune: bet lost (−$5)']],
    ['ru', ['net: Вы проиграли 2,15 $', 'main: Основная ставка: выигрыш 2,85 $ после комиссии 0,15 $', 'fortune: Fortune: ставка проиграна (−5 $)']],
    ['fr', ['net: Vous avez perdu 2,15 $', 'main: Mise principale gagnée : 2,85 $ après 0,15 $ de commission', 'fortune: Fortune : mise perdue (−5 $)']],
    ['de', ['net: Sie haben 2,15 $ verloren', 'main: Haupteinsatz gewonnen: 2,85 $ nach 0,15 $ Provision', 'fortune: Fortune: Einsatz verloren (−5 $)']],
    ['es', ['net: Has perdido 2,15 $', 'main: Apuesta principal ganada: 2,85 $ tras 0,15 $ de comisión', 'fortune: Apuesta de fortuna perdida (−5 $)']],
  ])('%s: the net first, then the main bet with its commission and the Fortune bet', (lng, expected) => {
    const norm = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(lines(mixed, lng).map(norm)).toEqual(expected);
  });

  it('says a win, a push and a round that broke even in words, the main bet alone said once', () => {
    expect(lines({ ...result, netCents: 950, commissionCents: 50 }, 'en')).toEqual(['net: You won $9.50', 'commission: Commission $0.50']);
    expect(lines({ ...result, outcome: 'push', netCents: 0, commissionCents: 0 }, 'en')).toEqual(['net: Push: your bet back']);
    expect(lines({ ...result, outcome: 'win', netCents: 0, commissionCents: 100, fortune: { line: null, netCents: -1_900 } }, 'en')).toEqual([
      'net: You broke even',
      'main: Main bet won $19 after $1 commission',
      'fortune: Fortune: bet lost (−$19)',
    ]);
  });
});

describe("the result banner's colour", () => {
  // A tester's: "Main bet: you win $4.75 · Fortune: bet lost (−$10) · Net −$5.25" was green.
  it('is the net over every bet, and data-result stays the main bet', () => {
    const lostOverall: ResultModel = { ...result, netCents: -525, commissionCents: 25, fortune: { line: null, netCents: -1_000 } };
    const html = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n: createI18n('en') }, createElement(ResultBanner, { result: lostOverall, money: (cents: number, signed = false) => formatMoney('en', cents, signed) })),
    );
    expect(html).toContain('class="result result--lose"');
    expect(html).toContain('data-result="win"');
    expect(resultTone({ netCents: 950 })).toBe('win');
    expect(resultTone({ netCents: 0 })).toBe('push');
    expect(resultTone({ netCents: -1 })).toBe('lose');
  });
});
