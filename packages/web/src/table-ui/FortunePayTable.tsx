/**
 * The Fortune bonus at the table (rules.md §4): the bet's own limits, the pay table from the table's
 * settings (each line and its "to 1" pay, highest line first, line names from the catalog), and the
 * envy bonus when the table has it on. Presentational: it draws what the `TableConfigView` says.
 */
import { useTranslation } from 'react-i18next';
import type { SpotLimits } from '@paigow/engine';
import type { TableConfigView } from '@paigow/protocol';

export interface FortunePayTableProps {
  /** `config.fortunePayTable`: "to 1" per Fortune line key, highest line first. */
  readonly payTable: Readonly<Record<string, number>>;
  /** `config.limits.fortune`: the Fortune bet's limits in cents. */
  readonly limits: SpotLimits | null;
  /** `config.envyBonus`, or `null` when the table has it off. */
  readonly envy: TableConfigView['envyBonus'];
  /** Formats integer cents as money. */
  readonly money: (cents: number) => string;
}

/** The Fortune panel: limits, pay table and envy bonus (`fortune-pay-table`, rows `fortune-line` / `envy-line`). */
export function FortunePayTable({ payTable, limits, envy, money }: FortunePayTableProps) {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language);
  const lineName = (line: string) => t(`fortuneLine.${line}`, { defaultValue: line });
  return (
    <section className="panel fortune-panel" data-testid="fortune-pay-table" aria-label={t('fortune.title')}>
      <h2>{t('fortune.title')}</h2>
      {limits && (
        <p className="fortune-panel__limits" data-testid="fortune-limits" data-min-cents={limits.minCents} data-max-cents={limits.maxCents}>
          {t('fortune.limits', { min: money(limits.minCents), max: money(limits.maxCents) })}
        </p>
      )}
      <table className="pay-table">
        <thead>
          <tr>
            <th scope="col">{t('fortune.line')}</th>
            <th scope="col">{t('fortune.pays')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(payTable).map(([line, pays]) => (
            <tr key={line} data-testid="fortune-line" data-line={line} data-pays={pays}>
              <td>{lineName(line)}</td>
              <td className="pay-table__pays">{t('fortune.toOne', { pays: count.format(pays) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fortune-panel__note">{t('fortune.note')}</p>
      {envy && (
        <div className="fortune-panel__envy" data-testid="envy-table" data-min-cents={envy.minFortuneBetCents}>
          <h3>{t('fortune.envyTitle')}</h3>
          <p className="fortune-panel__note">{t('fortune.envyNote', { min: money(envy.minFortuneBetCents) })}</p>
          <table className="pay-table">
            <tbody>
              {Object.entries(envy.amountsCents).map(([line, cents]) => (
                <tr key={line} data-testid="envy-line" data-line={line} data-cents={cents}>
                  <td>{lineName(line)}</td>
                  <td className="pay-table__pays">{t('fortune.envyPays', { amount: money(cents) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
