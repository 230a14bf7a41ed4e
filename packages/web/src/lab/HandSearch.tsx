/**
 * The lab's search by hand: seven cards set by both house ways in the browser (the engine is
 * deterministic), with each setting's EV against the banker's house way: exact when the hand is one of
 * the listed costliest hands, otherwise sampled here (`estimateSettings`, `SEARCH_SAMPLES` banker hands
 * from the other 46 cards) and labelled so.
 */
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  createCryptoRng,
  estimateSettings,
  cardTexts, formatCards,
  houseWays,
  formatCard,
  parseCard,
  parseHand,
  settingIndexOfCode,
  settingValues,
  type Hand,
  type HouseWayId,
} from '@paigow/engine';
import { errorMessage, formatDecimal, houseWayText, prettyCards } from '../app/i18n/index.js';
import { findHand, type LabDiff } from './data.js';
import { countText, evText } from './format.js';

/** Banker hands sampled for a searched hand that is not in the list (EV within about ±0.01 at 95%). */
export const SEARCH_SAMPLES = 20_000;

interface Found {
  readonly cards: readonly string[];
  readonly settings: readonly { readonly id: HouseWayId; readonly high: string; readonly low: string; readonly text: string; readonly ev: number }[];
  readonly differ: boolean;
  /** `null` when the EVs are exact (from the list). */
  readonly margin: number | null;
}

/** Both house ways' settings of `hand` and their EVs (sampled against `banker` when not listed in `diff`). */
function lookUp(hand: Hand, a: HouseWayId, b: HouseWayId, banker: HouseWayId, diff: LabDiff | null, t: Parameters<typeof houseWayText>[0]): Found {
  const cards = cardTexts(hand);
  const listed = diff !== null && diff.a === a && diff.b === b ? findHand(diff, cards) : null;
  const codes = [a, b].map((id) => houseWays[id].code(hand));
  const values = [a, b].map((id) => settingValues(houseWays[id].set(hand)));
  // Different in value: swapping cards of equal rank is no difference.
  const differ = values[0].high !== values[1].high || values[0].low !== values[1].low;
  let evs: number[];
  let margin: number | null = null;
  if (listed) evs = [listed.a.ev, listed.b.ev];
  else {
    const sampled = estimateSettings(hand, createCryptoRng(globalThis.crypto), SEARCH_SAMPLES, 500, houseWays[banker]);
    evs = codes.map((code) => sampled[settingIndexOfCode(code)].ev);
    margin = Math.max(...codes.map((code) => sampled[settingIndexOfCode(code)].evMargin));
  }
  const settings = [a, b].map((id, i) => {
    const s = houseWays[id].set(hand);
    return { id, high: prettyCards(formatCards(s.high)), low: prettyCards(formatCards(s.low)), text: houseWayText(t, s.explanation), ev: evs[i] };
  });
  return { cards, settings, differ, margin };
}

/**
 * The search's refusal of `text` (`code`, from `parseHand`) in one sentence that names what it is about (a player's
 * finding: "As As Kd" read only "The same card appears twice", not which card, nor that seven are needed; a tester's:
 * "This is not a card. (Zz)" put the word after the sentence): the word not read ("Zz is not a card.",
 * `lab.searchNotACard`), the card typed twice (`lab.searchTypedTwice`), how many of the seven cards were typed
 * (`lab.searchCardCount`); any other code (`card/second-joker`) is the catalog's sentence for it.
 */
export function searchError(t: TFunction, text: string, code: string): string {
  const words = text.split(/[\s,]+/).filter((word) => word.length > 0);
  const cards = words.map((word) => parseCard(word));
  if (code === 'card/wrong-count') return t('lab.searchCardCount', { typed: words.length });
  if (code === 'card/malformed') {
    const word = words.find((_, i) => !cards[i]!.ok);
    if (word !== undefined) return t('lab.searchNotACard', { card: word });
  } else if (code === 'card/duplicate') {
    const texts = cards.map((card) => (card.ok ? formatCard(card.value) : ''));
    const twice = texts.find((card, i) => card !== '' && texts.indexOf(card) < i);
    if (twice !== undefined) return t('lab.searchTypedTwice', { card: prettyCards(twice) });
  }
  return errorMessage(t, code);
}

/**
 * What the search's polite live region says once a hand is looked up (a tester's: the result appeared silently,
 * the focus staying in the field): `lab.searchFound` with whether the two house ways set it alike (`lab.same`) or
 * which sets it better and by how much (`lab.differs`, `cost` already formatted).
 */
export function searchFoundText(t: TFunction, better: { readonly name: string; readonly cost: string } | null): string {
  return t('lab.searchFound', { verdict: better === null ? t('lab.same') : t('lab.differs', { better: better.name, cost: better.cost }) });
}

/** The search form and its answer (`lab-search`, `lab-search-input`, `lab-search-result`). */
export function HandSearch({ a, b, banker, diff }: { a: HouseWayId; b: HouseWayId; banker: HouseWayId; diff: LabDiff | null }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseHand(text);
    if (!parsed.ok) {
      setError(searchError(t, text, parsed.error.code));
      setFound(null);
      return;
    }
    setError(null);
    setFound(lookUp(parsed.value, a, b, banker, diff, t));
  };
  const name = (id: HouseWayId) => t(`houseWayNames.${id}`);
  const better = found && found.settings[0].ev !== found.settings[1].ev ? found.settings[found.settings[0].ev > found.settings[1].ev ? 0 : 1] : null;
  const verdict = found && found.differ && better ? { name: name(better.id), cost: formatDecimal(i18n.language, Math.abs(found.settings[0].ev - found.settings[1].ev), 5) } : null;
  return (
    <form className="lab-search" data-testid="lab-search" onSubmit={submit}>
      <h2>{t('lab.search')}</h2>
      <input data-testid="lab-search-input" value={text} placeholder={t('lab.searchHint')} onChange={(e) => setText(e.target.value)} aria-label={t('lab.search')} />{' '}
      <button className="btn btn--small" type="submit">
        {t('lab.lookUp')}
      </button>
      {error && (
        <p className="error-toast" role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="lab-search-announcer">
        {found ? searchFoundText(t, verdict) : ''}
      </p>
      {found && (
        <div data-testid="lab-search-result" data-differ={found.differ} data-exact={found.margin === null}>
          <p>{prettyCards(found.cards.join(' '))}</p>
          <ul>
            {found.settings.map((s) => (
              <li key={s.id}>
                <strong>{name(s.id)}</strong>: {s.high} / {s.low} — {t('lab.ev')} {evText(i18n.language, s.ev)}
                <br />
                <span className="muted">{s.text}</span>
              </li>
            ))}
          </ul>
          <p>{verdict ? t('lab.differs', { better: verdict.name, cost: verdict.cost }) : t('lab.same')}</p>
          <p className="muted">
            {found.margin === null
              ? t('lab.evExact')
              : t('lab.evSampled', { count: countText(i18n.language, SEARCH_SAMPLES), margin: formatDecimal(i18n.language, found.margin, 4) })}
          </p>
        </div>
      )}
    </form>
  );
}
