/**
 * The grade of a setting on the trainer and the daily challenge: its heading (an h2, so that the settings' h3s
 * follow the page's h1 and h2 in order: axe's heading-order on the graded trainer), the EVs, the EV given up, and
 * the three settings (played, best, house way).
 */
import { useTranslation } from 'react-i18next';
import type { SettingGrade } from '@paigow/engine';
import type { CoachSetting } from '@paigow/protocol';
import { ThreeSettings } from './CoachPage.js';
import { gradeSummary, gradeVerdict } from './format.js';

/**
 * The panel (`testid`, with `data-ev-lost`, `data-played-ev`, `data-best-ev`); `settings` as card texts;
 * `focusable` gives it `tabindex="-1"`, for the daily challenge's keyboard focus once the day is over (coach/focus.ts).
 */
export function GradePanel({ testid, grade, settings, focusable = false }: {
  testid: string;
  grade: SettingGrade;
  settings: { readonly played: CoachSetting; readonly best: CoachSetting; readonly houseWay: CoachSetting };
  focusable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <section
      className="panel"
      tabIndex={focusable ? -1 : undefined}
      aria-labelledby={`${testid}-heading`}
      data-testid={testid}
      data-ev-lost={grade.evLost}
      data-played-ev={grade.playedEv}
      data-best-ev={grade.bestEv}
    >
      <h2 id={`${testid}-heading`}>{t('coach.grade.heading')}</h2>
      <p title={t('coach.grade.title')}>
        {gradeSummary(t, lng, grade)}
      </p>
      <p>
        <strong>{gradeVerdict(t, lng, grade)}</strong>
      </p>
      <ThreeSettings settings={settings} t={t} lng={lng} />
    </section>
  );
}
