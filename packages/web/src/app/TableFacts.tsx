/**
 * The table's facts: its name, house way, limits, the commission (house bank) or the banker's fee
 * (a player banks; rules.md §3.1), the Fortune limits and whether the envy bonus is on (rules.md §4).
 * Beside the timer on a larger screen; in the sheet on a phone (SideSheet.tsx).
 */
import { useTranslation } from 'react-i18next';
import type { TableView } from '@paigow/protocol';
import { tableName } from './i18n/index.js';

type Money = (cents: number, signed?: boolean) => string;

/** A rate in basis points as a percentage in the language `lng` (`150` → "1.5%"). */
export function percent(lng: string, bps: number): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/**
 * A table's name split before its limits in brackets at its end ("Reglas de la casa de Foxwoods (1–100)" →
 * ["Reglas de la casa de Foxwoods ", "(1–100)"]), the limits `""` when it has none.
 */
export function nameAndLimits(name: string): [string, string] {
  const m = /\([^()]*\)$/.exec(name);
  return m ? [name.slice(0, m.index), m[0]] : [name, ''];
}

/**
 * A table's name whose limits in brackets at its end never break over two lines (`table-limits`): "(1–" / "100)", a
 * break after the en dash, split them at 1366 px in Spanish (the facts) and in German (a history row).
 */
export function TableNameText({ name }: { name: string }) {
  const [head, limits] = nameAndLimits(name);
  return (
    <>
      {head}
      {limits && <span className="table-limits">{limits}</span>}
    </>
  );
}

/** The table's facts (`table-house-way` its house way); its name's limits are never broken over two lines. */
export function TableFacts({ view, money }: { view: TableView; money: Money }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const mainLimits = view.config.limits.main;
  const fortuneLimits = view.config.limits.fortune;
  const name = tableName(t, { tableId: view.tableId, name: view.config.name });
  return (
    <span className="table-facts muted">
      <TableNameText name={name} />
      <br />
      <span data-testid="table-house-way">{t('table.houseWayName', { name: t(`houseWayNames.${view.config.houseWay}`) })}</span>
      <br />
      {t('table.limits', { min: money(mainLimits.minCents), max: money(mainLimits.maxCents) })}
      <br />
      {view.banker.kind === 'house'
        ? t('table.commission', { rate: percent(lng, view.config.commissionBps) })
        : t('table.bankerFee', { rate: percent(lng, view.config.bankerFeeBps) })}
      {fortuneLimits && (
        <>
          <br />
          {t('table.fortuneLimits', { min: money(fortuneLimits.minCents), max: money(fortuneLimits.maxCents) })}
        </>
      )}
      {view.config.envyBonus && (
        <>
          <br />
          <span className="envy-badge" data-testid="envy-on">
            {t('table.envyOn')}
          </span>
        </>
      )}
    </span>
  );
}
