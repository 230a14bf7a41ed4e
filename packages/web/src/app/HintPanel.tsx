/**
 * The Hint panel (docs/protocol.md `hint`): the best setting of the player's cards and its EV (a
 * signed percentage of the bet with its 95% margin) beside the house way's, as the server computed
 * them. "Use this setting" arranges the cards; the player still presses Split, and once the cards are set as the
 * best setting (by the button or by hand) the panel says so in the button's place (a player took the arranged
 * hand for played, waited, and its decision timer ran out).
 *
 * A screen reader hears only a summary (`hintSaid`: the best setting's hands with the cards named in words, its EV,
 * the house way's EV) from a live region of its own: the whole panel as one live region was read as one run, the
 * close button's "×" and the suit symbols with it ("× Hint Best setting EV −58.2% ± 0.4% 8♦7♣3♠2♥2♣|Q♥J♥ …").
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HintSetting } from '@paigow/engine';
import type { HintReply } from '@paigow/protocol';
import type { TFunction } from 'i18next';
import { formatPercent } from './i18n/index.js';
import { MiniHands } from './MiniCards.js';
import { sortForDisplay } from '../table-ui/model.js';
import { cardNames } from '../table-ui/card-name.js';

export interface HintPanelProps {
  /** The server's answer, or `null` while it is computed. */
  readonly reply: HintReply | null;
  /** Arranges the player's cards with these two in the low hand (not submitted). */
  readonly onUse: (low: readonly string[]) => void;
  /** The cards now in the player's low hand (the engine's notation). */
  readonly low: readonly string[];
  readonly onClose: () => void;
  /** False when the cards cannot be rearranged now (a submit is on its way). */
  readonly canUse: boolean;
}

const sameCards = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c) => b.includes(c));

/**
 * What a screen reader hears of the Hint in the language of `t` (`lng` for the percentages): while it is computed
 * (`reply` `null`), that it is; then the best setting's high and low hands with the cards named in words, highest
 * first as drawn ("ace of spades, king of hearts …"), its EV ± margin, and the house way's EV (or that it is the best
 * setting). No symbols, no button text.
 */
export function hintSaid(t: TFunction, lng: string, reply: HintReply | null): string {
  if (reply === null) return t('hint.computing');
  const ev = (s: HintSetting) => t('hint.ev', { ev: formatPercent(lng, s.ev, true), margin: formatPercent(lng, s.evMargin) });
  const best = t('hint.said', { high: cardNames(t, sortForDisplay(reply.best.high)), low: cardNames(t, sortForDisplay(reply.best.low)), ev: ev(reply.best) });
  const houseWay = sameCards(reply.best.low, reply.houseWay.low) ? t('hint.same') : t('hint.saidHouseWay', { ev: ev(reply.houseWay) });
  return `${best} ${houseWay}`;
}

/**
 * The panel (`hint-panel`, with `hint-best`, `hint-house-way`, `hint-use` and `hint-close`; `hint-arranged`, saying
 * Split plays it, instead of `hint-use` while `low` is the best setting's). Escape closes it (`onClose`), unless a
 * dialog (the help) is open over the table: Escape is that dialog's.
 */
export function HintPanel({ reply, onUse, low, onClose, canUse }: HintPanelProps) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      e.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const samples = reply === null ? '' : t('hint.samples', { count: new Intl.NumberFormat(i18n.language).format(reply.samples) });
  return (
    <section className="hint-panel" data-testid="hint-panel" data-state={reply ? 'ready' : 'computing'} aria-label={t('hint.title')}>
      {/* The one live part: the summary in words (the panel itself is no live region). */}
      <p className="visually-hidden" role="status" data-testid="hint-said">
        {hintSaid(t, i18n.language, reply)}
      </p>
      <button type="button" className="hint-panel__close" data-testid="hint-close" onClick={onClose} aria-label={t('hint.close')} title={t('hint.close')}>
        <span aria-hidden="true">×</span>
      </button>
      <h2 className="hint-panel__title">{t('hint.title')}</h2>
      {reply === null ? (
        <p className="hint-panel__computing">{t('hint.computing')}</p>
      ) : (
        <>
          <div className="hint-panel__options">
            <HintOption
              testid="hint-best"
              label={t('hint.best')}
              setting={reply.best}
              samples={samples}
              odds={t('hint.odds', { win: formatPercent(i18n.language, reply.best.win), push: formatPercent(i18n.language, reply.best.push), lose: formatPercent(i18n.language, reply.best.loss) })}
              best
            >
              {sameCards(reply.best.low, low) ? (
                <p className="hint-option__arranged" data-testid="hint-arranged">
                  {t('hint.arranged')}
                </p>
              ) : (
                <button type="button" className="btn btn--gold btn--small" data-testid="hint-use" disabled={!canUse} onClick={() => onUse(reply.best.low)}>
                  {t('hint.use')}
                </button>
              )}
            </HintOption>
            <HintOption testid="hint-house-way" label={t('hint.houseWay')} setting={reply.houseWay} samples={samples} />
          </div>
          {sameCards(reply.best.low, reply.houseWay.low) && <p className="hint-panel__note">{t('hint.same')}</p>}
        </>
      )}
    </section>
  );
}

function HintOption({ testid, label, setting, samples, odds, best, children }: {
  testid: string;
  label: string;
  setting: HintSetting;
  samples: string;
  odds?: string;
  best?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <div className={`hint-option${best ? ' hint-option--best' : ''}`} data-testid={testid} data-ev={setting.ev} data-ev-margin={setting.evMargin}>
      <div className="hint-option__head">
        <span className="hint-option__label">{label}</span>
        <span className={`hint-option__ev${setting.ev > 0 ? ' hint-option__ev--plus' : setting.ev < 0 ? ' hint-option__ev--minus' : ''}`} title={`${t('hint.evTitle')}. ${samples}`}>
          {t('hint.ev', { ev: formatPercent(lng, setting.ev, true), margin: formatPercent(lng, setting.evMargin) })}
        </span>
      </div>
      <div className="hint-option__body">
        <MiniHands high={setting.high} low={setting.low} testid={`${testid}-cards`} />
        {children}
      </div>
      {odds && <div className="hint-option__odds">{odds}</div>}
    </div>
  );
}
