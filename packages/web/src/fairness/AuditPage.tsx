/**
 * The fairness audit page (`#/fairness-audit`, issue 15): the server's `GET /api/fairness/audit` — the dealt
 * rounds' frequencies against the exact ones (the banker's seven-card category, the Fortune lines, win / push /
 * loss), each test with its chi-square p-value; a test below the threshold is marked as flagged.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, formatDecimal } from '../app/i18n/index.js';
import { BackPage } from '../app/SiteNav.js';
import { auditRowName, auditTestTitle } from './fairness-text.js';

/**
 * The report of `GET /api/fairness/audit` (the server's `FairnessAuditReport`): test ids and category ids, which
 * the page names in the player's language (`fairness-text.ts`).
 */
export interface AuditReport {
  readonly rounds: number;
  readonly threshold: number;
  readonly flagged: boolean;
  readonly tests: readonly {
    readonly name: string;
    readonly sample: number;
    readonly rows: readonly { readonly keys: readonly string[]; readonly observed: number; readonly expected: number }[];
    readonly statistic: number | null;
    readonly degreesOfFreedom: number | null;
    readonly pValue: number | null;
    readonly flagged: boolean;
  }[];
}

/** The audit page; `onBack` returns to the app. */
export function AuditPage({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<AuditReport | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/api/fairness/audit', { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(errorMessage(t, 'network'));
        const body = (await response.json()) as AuditReport;
        if (live) setReport(body);
      })
      .catch((error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [t]);
  return (
    <BackPage current="fairness-audit" back={{ testid: 'audit-back', label: t('verify.back'), onClick: onBack }}>
      <main className="verify-page">
        <section className="panel" data-testid="fairness-audit">
          <h1>{t('audit.title')}</h1>
          <p className="muted">{t('audit.explain')}</p>
          {failed !== null && <p className="error">{failed}</p>}
          {report === null && failed === null && <p>{t('app.loading')}</p>}
          {report !== null && <AuditReportView report={report} />}
        </section>
      </main>
    </BackPage>
  );
}

/** The verdict and the tests of an audit report, in the page's language (test and category names from their ids). */
export function AuditReportView({ report }: { report: AuditReport }) {
  const { t, i18n } = useTranslation();
  // The threshold in the page's language, as the p-values below (`0,001` in French, not `0.001`).
  const threshold = formatDecimal(i18n.language, report.threshold, { significant: 3 });
  // Counts with the language's thousands separator ("12,480", "12 480", "12.480").
  const count = (n: number): string => formatDecimal(i18n.language, n, 0);
  return (
    <>
      <p data-testid="fairness-audit-verdict" data-flagged={report.flagged}>
        <strong>{report.flagged ? t('audit.flagged', { threshold }) : t('audit.passed', { count: report.rounds, rounds: count(report.rounds), threshold })}</strong>
      </p>
      {report.tests.map((test) => (
        <div key={test.name} data-testid={`audit-${test.name}`} data-p-value={test.pValue ?? ''}>
          <h2>{auditTestTitle(t, test.name)}</h2>
          <p className="muted">
            {test.pValue === null
              ? t('audit.tooFew', { sample: count(test.sample) })
              : t('audit.result', { sample: count(test.sample), statistic: formatDecimal(i18n.language, test.statistic!, 2), df: test.degreesOfFreedom, p: formatDecimal(i18n.language, test.pValue, { significant: 3 }) })}
          </p>
          {/* A table wider than a phone in some languages scrolls in its own box, not the page (a tester: 401 px at 360 in French). */}
          <div className="lab-table-wrap" role="region" aria-label={auditTestTitle(t, test.name)} tabIndex={0}>
            <table className="audit-table">
              <thead>
                <tr>
                  <th>{t('audit.category')}</th>
                  <th>{t('audit.dealt')}</th>
                  <th>{t('audit.expected')}</th>
                </tr>
              </thead>
              <tbody>
                {test.rows.map((row) => (
                  <tr key={row.keys.join('+')} data-keys={row.keys.join('+')}>
                    <td>{auditRowName(t, test.name, row.keys)}</td>
                    <td>{count(row.observed)}</td>
                    <td>{formatDecimal(i18n.language, row.expected, 1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </>
  );
}
