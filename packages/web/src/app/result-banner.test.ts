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
  it('keeps each signed amount whole, so a phone never breaks "Net −" from "$0.25"', () => {
    const loss: ResultModel = { ...result, outcome: 'lose', netCents: -25, commissionCents: 0, fortune: { line: null, netCents: -25 } };
    const i18n = createI18n('en');
    const money = (cents: number, signed = false) => formatMoney('en', cents, signed);
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(ResultBanner, { result: loss, money })));
    expect(html).toContain('<span class="amount">−$0.25</span>');
    expect(text(html)).toContain('Net −$0.25');
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
