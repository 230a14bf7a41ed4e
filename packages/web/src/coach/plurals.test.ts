/**
 * Counts of hands on the trainer, daily challenge and coach pages take each language's plural (tester: the
 * trainer read "Any hand: 1 hands", the French daily challenge "Jusqu’ici : 0 mains placées"): English,
 * German and Spanish say one hand for 1 only, French for 0 and 1, Russian has one / few / many.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../app/i18n/index.js';
import { dailyScoreText, trainerScoreText } from './format.js';
import { TrainerPage } from './TrainerPage.js';

const COUNTS = [0, 1, 2, 5, 21] as const;

/** The noun (with its agreeing words) each language should put after each of COUNTS. */
const HANDS: Record<string, { score: readonly string[]; sofar: readonly string[]; done: readonly string[] }> = {
  en: {
    score: ['0 hands,', '1 hand,', '2 hands,', '5 hands,', '21 hands,'],
    sofar: ['0 hands set', '1 hand set', '2 hands set', '5 hands set', '21 hands set'],
    done: ['all 0 hands', '1 hand:', 'all 2 hands', 'all 5 hands', 'all 21 hands'],
  },
  ru: {
    score: ['0 рук,', '1 рука,', '2 руки,', '5 рук,', '21 рука,'],
    sofar: ['разложено 0 рук', 'разложена 1 рука', 'разложены 2 руки', 'разложено 5 рук', 'разложена 21 рука'],
    done: ['Разложено 0 рук', 'Разложена 1 рука', 'Разложены 2 руки', 'Разложено 5 рук', 'Разложена 21 рука'],
  },
  fr: {
    score: ['0 main,', '1 main,', '2 mains,', '5 mains,', '21 mains,'],
    sofar: ['0 main placée,', '1 main placée,', '2 mains placées,', '5 mains placées,', '21 mains placées,'],
    done: ['0 main :', '1 main :', 'les 2 mains', 'les 5 mains', 'les 21 mains'],
  },
  de: {
    score: ['0 Hände,', '1 Hand,', '2 Hände,', '5 Hände,', '21 Hände,'],
    sofar: ['0 Hände aufgeteilt', '1 Hand aufgeteilt', '2 Hände aufgeteilt', '5 Hände aufgeteilt', '21 Hände aufgeteilt'],
    done: ['alle 0 Hände', '1 Hand aufgeteilt:', 'alle 2 Hände', 'alle 5 Hände', 'alle 21 Hände'],
  },
  es: {
    score: ['0 manos,', '1 mano,', '2 manos,', '5 manos,', '21 manos,'],
    sofar: ['0 manos colocadas', '1 mano colocada', '2 manos colocadas', '5 manos colocadas', '21 manos colocadas'],
    done: ['las 0 manos', '1 mano:', 'las 2 manos', 'las 5 manos', 'las 21 manos'],
  },
};

const cases = (part: 'score' | 'sofar' | 'done') =>
  Object.entries(HANDS).flatMap(([lng, forms]) => COUNTS.map((count, i) => [lng, count, forms[part][i]] as const));

describe('the trainer’s score line counts hands in the language’s plural', () => {
  it.each(cases('score'))('%s, %i hands', (lng, count, want) => {
    const t = createI18n(lng).t;
    const text = trainerScoreText(t, lng, t('coach.trainer.drills.any'), { hands: count, best: 0, lost: 0 });
    expect(text).toContain(want);
    expect(text).not.toMatch(/\{\{|coach\./);
  });

  afterEach(() => vi.unstubAllGlobals());
  it.each([
    ['en', 'Any hand: 1 hand,'],
    ['fr', 'Toute main : 1 main,'],
    ['de', 'Jede Hand: 1 Hand,'],
    ['es', 'Cualquier mano: 1 mano,'],
    ['ru', 'Любая рука: 1 рука,'],
  ])('the page (`trainer-score`) after one hand set, in %s: %s', (lng, want) => {
    const stored = JSON.stringify({ any: { hands: 1, best: 1, lost: 0 } });
    vi.stubGlobal('localStorage', { getItem: () => stored, setItem: () => undefined });
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, createElement(TrainerPage, { onBack: () => undefined })));
    const line = /<p data-testid="trainer-score"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
    expect(line).toContain(want);
  });
});

describe('the daily challenge counts hands in the language’s plural', () => {
  it.each(cases('sofar'))('so far, %s, %i hands', (lng, count, want) => {
    const text = dailyScoreText(createI18n(lng).t, lng, { hands: count, lostPerHand: 0, total: 50, finished: false });
    expect(text).toContain(want);
  });

  it.each(cases('done'))('done, %s, %i hands in the day', (lng, count, want) => {
    const text = dailyScoreText(createI18n(lng).t, lng, { hands: count, lostPerHand: 0, total: count, finished: true });
    expect(text).toContain(want);
  });

  it('reads "Jusqu’ici : 0 main placée" in French before the first hand', () => {
    expect(dailyScoreText(createI18n('fr').t, 'fr', { hands: 0, lostPerHand: 0, total: 50, finished: false })).toMatch(/^Jusqu’ici : 0 main placée, /);
  });
});

describe('the coach page counts graded hands in the language’s plural', () => {
  it.each([
    ['en', ['0 hands graded', '1 hand graded', '2 hands graded', '5 hands graded', '21 hands graded']],
    ['ru', ['0 рук оценено', '1 рука оценена', '2 руки оценены', '5 рук оценено', '21 рука оценена']],
    ['fr', ['0 main évaluée', '1 main évaluée', '2 mains évaluées', '5 mains évaluées', '21 mains évaluées']],
    ['de', ['0 Hände bewertet', '1 Hand bewertet', '2 Hände bewertet', '5 Hände bewertet', '21 Hände bewertet']],
    ['es', ['0 manos evaluadas', '1 mano evaluada', '2 manos evaluadas', '5 manos evaluadas', '21 manos evaluadas']],
  ] as const)('%s', (lng, want) => {
    const t = createI18n(lng).t;
    expect(COUNTS.map((count) => t('coach.page.hands', { count }))).toEqual(want);
  });
});
