/**
 * The help panel (issue 14 point 3; seed `002`'s "?" Hilfe): the rules in the player's language, with
 * this table's figures, one section at a time, as a dialog over the lobby or the table. The text is the
 * `help` namespace (./content); hand, Fortune line and house-way names come from the main catalogs.
 * Its place is in the URL hash (./route.ts), so every section can be linked to.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCards } from '@paigow/engine';
import type { TableConfigView } from '@paigow/protocol';
import { PlayingCard } from '../table-ui/Card.js';
import { cardName } from '../table-ui/card-name.js';
import { formatMoney, tableName } from '../app/i18n/index.js';
import { ensureHelpCatalogs, HELP_NAMESPACE } from './content/index.js';
import { EXAMPLE_STAKE_CENTS, formatRate, helpFacts, type HelpFacts } from './facts.js';
import { houseWayHelpKeys } from './house-way-rules.js';
import { HELP_SECTIONS, helpHash, type HelpLocation, type HelpSection } from './route.js';
import { useModal } from '../app/useModal.js';

/** The catalog key of a section's heading (`house-way` → `sections.houseWay`). */
function headingKey(section: HelpSection): string {
  return `sections.${section.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`;
}

export interface HelpPanelProps {
  /** Where the panel is (the screen beneath and the section shown). */
  readonly location: HelpLocation;
  /** The table's settings for its figures, or `null` for the usual ones. */
  readonly config: TableConfigView | null;
  /** Closes the panel (back to the screen beneath). */
  readonly onClose: () => void;
}

/** The dialog (`help-panel`, `data-section`): contents (`help-nav-<section>`) and one section (`help-section-<section>`). */
export function HelpPanel({ location, config, onClose }: HelpPanelProps) {
  const { t, i18n } = useTranslation(HELP_NAMESPACE);
  const { t: tMain } = useTranslation();
  ensureHelpCatalogs(i18n);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The table's name as the lobby and the table show it (a built-in table's is translated).
  const facts = helpFacts(config, config ? tableName(tMain, config) : undefined);
  const panelRef = useRef<HTMLDivElement>(null);
  // Focus moves into the dialog when it opens and stays in it (Tab wraps around); Escape closes it.
  useEffect(() => closeRef.current?.focus(), []);
  useModal(panelRef, onClose);
  const { section } = location;
  return (
    <div className="help-backdrop">
      <div ref={panelRef} className="help-panel" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help-panel" data-section={section}>
        {/* Not a <header>: outside a sectioning element that is a second banner beside the page's top bar (axe's
            landmark-no-duplicate-banner and landmark-unique, on every help page). */}
        <div className="help-panel__head">
          <h1 id="help-title">{t('ui.title')}</h1>
          <button ref={closeRef} type="button" className="btn btn--small" data-testid="help-close" onClick={onClose}>
            {t('ui.close')}
          </button>
        </div>
        <nav className="help-panel__nav" aria-label={t('ui.contents')}>
          <ul>
            {HELP_SECTIONS.map((s) => (
              <li key={s}>
                <a href={helpHash(location.base, s)} data-testid={`help-nav-${s}`} aria-current={s === section ? 'page' : undefined}>
                  {t(headingKey(s))}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section className="help-panel__body" data-testid={`help-section-${section}`} aria-labelledby="help-section-title" tabIndex={0}>
          <h2 id="help-section-title">{t(headingKey(section))}</h2>
          {TABLE_FIGURE_SECTIONS.has(section) && (
            <p className="muted">
              {facts.tableName === null ? t('ui.usualTable') : t('ui.thisTable', { table: facts.tableName })}
            </p>
          )}
          <SectionBody section={section} facts={facts} lng={i18n.language} />
        </section>
      </div>
    </div>
  );
}

/**
 * The sections that state a table's own figures (limits, rates, the house way, pay tables, timers): only they say whose
 * figures they are (a player's finding: "The figures below are the usual ones" headed the hand rankings too).
 */
const TABLE_FIGURE_SECTIONS: ReadonlySet<HelpSection> = new Set(['settlement', 'commission', 'house-way', 'fortune', 'banking', 'timers']);

/** A row of small face-up cards (`cards` in the engine's notation), named in the player's language. */
function CardRow({ cards }: { cards: string }) {
  const { t } = useTranslation();
  const parsed = parseCards(cards);
  if (!parsed.ok) return null;
  return (
    <span className="help-cards">
      {parsed.value.map((c) => (
        <PlayingCard key={c} card={c} small label={cardName(t, c)} />
      ))}
    </span>
  );
}

/** One example hand per high-hand category, highest first (rules.md §2.1). */
const CATEGORY_EXAMPLES: readonly (readonly [string, string])[] = [
  ['five_aces', 'As Ah Ad Ac Jk'],
  ['royal_flush', 'As Ks Qs Js Ts'],
  ['straight_flush', '9h 8h 7h 6h 5h'],
  ['four_of_a_kind', '9s 9h 9d 9c Kd'],
  ['full_house', 'Qs Qh Qd 4c 4d'],
  ['flush', 'Kd Td 8d 5d 3d'],
  ['straight', 'Ts 9h 8d 7c 6s'],
  ['three_of_a_kind', '7s 7h 7d Kc 2s'],
  ['two_pair', 'Js Jh 5d 5c Ah'],
  ['one_pair', 'Ts Th Ad 8c 3s'],
  ['high_card', 'Ad Jc 9s 6h 3c'],
];

/** The other example hands, in the engine's notation (rules.md §2.2–§2.4). */
const EXAMPLES = {
  jokerStraight: 'Jk 2c 3d 4h 5s',
  jokerAces: 'Jk As Ah Ad Ac',
  bestLow: 'As Ah',
  worstLow: '3c 2d',
  foulHigh: 'Kc Qd 9h 7s 4c',
  foulLow: '5h 5d',
} as const;


/** The text and pictures of one section, with `facts`' figures formatted for `lng`. */
function SectionBody({ section, facts, lng }: { section: HelpSection; facts: HelpFacts; lng: string }) {
  const { t } = useTranslation(HELP_NAMESPACE);
  const { t: tMain } = useTranslation();
  const money = (cents: number) => formatMoney(lng, cents);
  const seconds = (ms: number) => Math.round(ms / 1000);
  switch (section) {
    case 'hands':
      return (
        <>
          <p>{t('hands.intro')}</p>
          <ol className="help-ranking">
            {CATEGORY_EXAMPLES.map(([category, cards]) => (
              <li key={category}>
                <span className="help-ranking__name">{tMain(`category.${category}`)}</span>
                <CardRow cards={cards} />
              </li>
            ))}
          </ol>
          <p>{t('hands.straights')}</p>
          <p>{t('hands.joker')}</p>
          <p>{t('hands.jokerStraight')}</p>
          <CardRow cards={EXAMPLES.jokerStraight} />
          <p>{t('hands.jokerAces')}</p>
          <CardRow cards={EXAMPLES.jokerAces} />
        </>
      );
    case 'low':
      return (
        <>
          <p>{t('low.rank')}</p>
          <p>{t('low.best')}</p>
          <CardRow cards={EXAMPLES.bestLow} />
          <p>{t('low.worst')}</p>
          <CardRow cards={EXAMPLES.worstLow} />
        </>
      );
    case 'foul':
      return (
        <>
          <p>{t('foul.rule')}</p>
          <figure className="help-example">
            <figcaption>{t('foul.example')}</figcaption>
            <CardRow cards={EXAMPLES.foulHigh} />
            <CardRow cards={EXAMPLES.foulLow} />
          </figure>
          <p>{t('foul.table')}</p>
        </>
      );
    case 'settlement':
      return (
        <>
          <p>{t('settlement.compare')}</p>
          <ul>
            <li>{t('settlement.bothWin')}</li>
            <li>{t('settlement.oneWins')}</li>
            <li>{t('settlement.bothLose')}</li>
          </ul>
          {facts.mainLimits && <p data-testid="help-main-limits">{t('settlement.limits', { min: money(facts.mainLimits.minCents), max: money(facts.mainLimits.maxCents) })}</p>}
        </>
      );
    case 'commission':
      return (
        <>
          <p data-testid="help-commission-house" data-bps={facts.commissionBps}>
            {t('commission.house', { rate: formatRate(lng, facts.commissionBps), stake: money(EXAMPLE_STAKE_CENTS), net: money(facts.exampleNetCents) })}
          </p>
          <p data-testid="help-commission-player" data-bps={facts.bankerFeeBps}>
            {t('commission.player', { rate: formatRate(lng, facts.bankerFeeBps), stake: money(EXAMPLE_STAKE_CENTS), fee: money(facts.exampleFeeCents) })}
          </p>
          <p>{t('commission.rounding')}</p>
        </>
      );
    case 'house-way':
      return (
        <>
          <p data-testid="help-house-way" data-house-way={facts.houseWay}>
            {t('houseWay.intro', { name: tMain(`houseWayNames.${facts.houseWay}`) })}
          </p>
          <ol className="help-rules">
            {houseWayHelpKeys(facts.houseWay).map((r) => (
              <li key={r}>{t(`houseWay.${facts.houseWay}.${r}`)}</li>
            ))}
          </ol>
          <p>{t('houseWay.banker')}</p>
        </>
      );
    case 'fortune':
      return <FortuneHelp facts={facts} lng={lng} />;
    case 'banking':
      return (
        <>
          <p>{t('banking.intro')}</p>
          <p data-testid="help-bank-needs">
            {!facts.playerBanking
              ? t('banking.noBank')
              : facts.bankMinBalanceCents === null
                ? t('banking.needsUsual', { points: facts.bankMinCompPoints, rate: formatRate(lng, facts.bankerFeeBps) })
                : t('banking.needs', { points: facts.bankMinCompPoints, balance: money(facts.bankMinBalanceCents) })}
          </p>
          {facts.playerBanking && <p>{t('fortune.house')}</p>}
          <p>{t('banking.points')}</p>
          <p>{t('banking.cost', { stake: money(EXAMPLE_STAKE_CENTS), points: facts.exampleCompPoints })}</p>
        </>
      );
    case 'timers':
      return (
        <>
          <p>{t('timers.decision', { count: seconds(facts.timers.decisionMs) })}</p>
          <p>{t('timers.bet', { count: seconds(facts.timers.betMs) })}</p>
          <p>{t('timers.window', { count: seconds(facts.timers.bettingWindowMs) })}</p>
          <p>{t('timers.approval', { count: seconds(facts.timers.approvalMs) })}</p>
          <p>{t('timers.interruption')}</p>
          <p data-testid="help-grace" data-ms={facts.timers.reconnectGraceMs}>
            {t('timers.grace', { count: seconds(facts.timers.reconnectGraceMs) })}
          </p>
          <p>{t('timers.hold', { count: seconds(facts.timers.reconnectMs) })}</p>
          <p>{t('timers.idle', { count: seconds(facts.timers.idleSeatMs) })}</p>
        </>
      );
  }
}

/**
 * The Fortune section: limits, the pay table ("to 1" per line, the player's language), the envy bonus.
 * At a table without the envy bonus it says it is off; away from a table it says nothing of it.
 */
function FortuneHelp({ facts, lng }: { facts: HelpFacts; lng: string }) {
  const { t } = useTranslation(HELP_NAMESPACE);
  const { t: tMain } = useTranslation();
  const count = new Intl.NumberFormat(lng);
  const money = (cents: number) => formatMoney(lng, cents);
  if (facts.fortunePayTable === null) return <p>{t('fortune.none')}</p>;
  return (
    <>
      <p>{t('fortune.intro')}</p>
      {facts.fortuneLimits && <p>{t('fortune.limits', { min: money(facts.fortuneLimits.minCents), max: money(facts.fortuneLimits.maxCents) })}</p>}
      <table className="help-table">
        <tbody>
          {Object.entries(facts.fortunePayTable).map(([line, pays]) => (
            <tr key={line} data-testid="help-fortune-line" data-line={line} data-pays={pays}>
              <th scope="row">{tMain(`fortuneLine.${line}`, { defaultValue: line })}</th>
              <td>{t('fortune.pays', { pays: count.format(pays) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('fortune.royalMatch')}</p>
      {facts.envy ? (
        <>
          <p>{t('fortune.envy', { min: money(facts.envy.minFortuneBetCents) })}</p>
          <table className="help-table">
            <tbody>
              {Object.entries(facts.envy.amountsCents).map(([line, cents]) => (
                <tr key={line}>
                  <th scope="row">{tMain(`fortuneLine.${line}`, { defaultValue: line })}</th>
                  <td>{money(cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        // Away from a table (the usual figures) there is no table to have it off: nothing is said.
        facts.tableName !== null && <p>{t('fortune.envyOff')}</p>
      )}
      {/* A tester's: at a table a player banks, nothing said who pays the Fortune bet. */}
      {facts.playerBanking && <p>{t('fortune.house')}</p>}
    </>
  );
}
