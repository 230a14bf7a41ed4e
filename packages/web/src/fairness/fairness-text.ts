/**
 * The words of the fairness pages in the player's language, from codes and values only: what differs in a
 * proof (the engine's `ProofDifference`, `verify.difference.*`) and the audit's tests and categories (the
 * server's test ids and category ids: `audit.tests.*`, the shared hand names `category.*` and Fortune lines
 * `fortuneLine.*`, the wager outcomes `history.outcome.*`). Pure: the pages call these.
 */
import type { TFunction } from 'i18next';
import type { OutcomeValues, ProofDifference, ProofSeat, SettingCards } from '@paigow/engine';
import { categoryName, errorMessage, fortuneLineName } from '../app/i18n/index.js';

/** A seat of a proof as the page names it: the banker, or the seat counted from 1 as the table shows it (the proof counts from 0). */
function who(t: TFunction, seat: ProofSeat): string {
  return seat === 'banker' ? t('verify.banker') : t('verify.seat', { seat: seat + 1 });
}

const cards = (texts: readonly string[]): string => texts.join(' ');
const setting = (s: SettingCards): string => `${cards(s.high)} / ${cards(s.low)}`;
/** A player's results against the banker in words: "high hand: Win, low hand: Copy, bet: Push". */
export function outcomeText(t: TFunction, r: OutcomeValues): string {
  return t('verify.difference.results', { high: t(`mark.${r.high}`), low: t(`mark.${r.low}`), outcome: t(`history.outcome.${r.outcome}`) });
}

/**
 * One difference of a proof as a sentence in the language of `t` (catalog `verify.difference.*`).
 * Seats are counted from 1 as on the page; deck positions and the seats of `clientSeeds` are the proof's own
 * (from 0, as in the published `clientSeeds`); cards stay in canonical text, as the proof shows them.
 */
export function differenceText(t: TFunction, d: ProofDifference): string {
  switch (d.code) {
    case 'commitment':
      return t('verify.difference.commitment', d.params);
    case 'deck-card':
      return t('verify.difference.deckCard', d.params);
    case 'client-seeds-order':
      return t('verify.difference.clientSeedsOrder', { published: d.params.published.join(', '), expected: d.params.expected.join(', ') });
    case 'hand-cards':
      return t('verify.difference.handCards', { who: who(t, d.params.seat), published: cards(d.params.published), expected: cards(d.params.expected) });
    case 'settings-count':
      return t('verify.difference.settingsCount', d.params);
    case 'outcomes-count':
      return t('verify.difference.outcomesCount', d.params);
    case 'setting-missing':
      return t('verify.difference.settingMissing', { who: who(t, d.params.seat) });
    case 'outcome-missing':
      return t('verify.difference.outcomeMissing', { who: who(t, d.params.seat) });
    case 'setting-illegal':
      return d.params.reason === 'setting/not-your-cards' && d.params.card !== null
        ? t('verify.difference.settingStranger', { who: who(t, d.params.seat), card: d.params.card })
        : t('verify.difference.settingIllegal', { who: who(t, d.params.seat), reason: errorMessage(t, d.params.reason) });
    case 'setting-not-house-way':
      return t('verify.difference.settingNotHouseWay', { who: who(t, d.params.seat), published: setting(d.params.published), expected: setting(d.params.expected) });
    case 'outcome':
      return t('verify.difference.outcome', { who: who(t, d.params.seat), published: outcomeText(t, d.params.published), expected: outcomeText(t, d.params.expected) });
  }
}

/** The title of an audit test by its id (`banker-category`, `fortune-line`, `outcome`); an unknown id is shown as it is. */
export function auditTestTitle(t: TFunction, test: string): string {
  return t(`audit.tests.${test}`, { defaultValue: test });
}

/**
 * The name of one category id of an audit test: a hand category (`banker-category`), a Fortune line or
 * `losing` (`fortune-line`), `win` / `push` / `loss` (`outcome`); an id the catalogs do not know is shown as it is.
 */
export function auditCategoryName(t: TFunction, test: string, key: string): string {
  if (test === 'banker-category') return categoryName(t, key);
  if (test === 'fortune-line') return key === 'losing' ? t('audit.noLine') : fortuneLineName(t, key);
  if (test === 'outcome') return t(`history.outcome.${key === 'loss' ? 'lose' : key}`, { defaultValue: key });
  return key;
}

/** A row of an audit test (one category id, or several pooled), its names joined by `+`. */
export function auditRowName(t: TFunction, test: string, keys: readonly string[]): string {
  return keys.map((key) => auditCategoryName(t, test, key)).join(' + ');
}
