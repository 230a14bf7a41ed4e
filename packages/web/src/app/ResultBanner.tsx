/**
 * The round's result for the viewer (interfaces.md `result`: `data-result`, `data-net-cents` = the round's
 * net over every bet): the net in words first, then its parts, the main bet with its commission (or the bank's
 * result and its fee), the Fortune bet and the envy bonus, each on a line of its own (`result-line`, `data-kind`,
 * `data-cents`; result-lines.ts, rules.md §3.1, §4); its colour is the net's (`resultTone`).
 * Screen readers hear it from the table's live region (Announcer.tsx, `resultTexts`), not from the banner.
 */
import { useId, type ReactNode } from 'react';
import { useDisclosure } from './disclosure.js';
import { useTranslation } from 'react-i18next';
import type { ResultModel } from '../table-ui/model.js';
import { netLineWord, resultLines, type NetWord, type ResultLine } from '../table-ui/result-lines.js';
import { envyHandsText, fortuneLineName } from './i18n/index.js';
import { gradeLines, gradeNote, gradeShort } from '../coach/format.js';
import type { RoundGradeState } from '../coach/useRoundGrade.js';

type Money = (cents: number, signed?: boolean) => string;
type T = ReturnType<typeof useTranslation>['t'];

/** The headline for a net won, lost, of a main bet pushed alone, or of nothing (a win and a loss that cancel out: broken even). */
const NET_WORDS = { win: 'result.win', lose: 'result.lose', push: 'result.push', even: 'result.even' } as const satisfies Record<NetWord, string>;

/** A line of the banner in words (the banner, its announcement, and the main bet's part in the history). */
export function resultLineText(line: ResultLine, t: T, money: Money): string {
  switch (line.kind) {
    case 'net':
      return t(NET_WORDS[netLineWord(line)], { amount: money(Math.abs(line.cents)) });
    case 'main': {
      const amount = money(Math.abs(line.cents));
      if (line.asBanker) return line.outcome === 'win' ? t('result.bankWin', { amount }) : line.outcome === 'lose' ? t('result.bankLose', { amount }) : t('result.bankPush');
      if (line.outcome === 'lose') return t('result.mainLost', { amount });
      if (line.outcome === 'push') return t('result.mainPush');
      return line.commissionCents > 0 ? t('result.mainWonAfter', { amount, commission: money(line.commissionCents) }) : t('result.mainWon', { amount });
    }
    case 'commission':
      return t(line.asBanker ? 'result.bankerFee' : 'result.commission', { amount: money(line.cents) });
    case 'fortune':
      return line.line
        ? t('result.fortune', { line: fortuneLineName(t, line.line), amount: money(line.cents, true) })
        : t('result.fortuneLost', { amount: money(line.cents, true) });
    case 'envy':
      return t('result.envy', { amount: money(line.envy.amountCents, true), hands: envyHandsText(t, line.envy.hands) });
  }
}

/**
 * A line's text with each amount of money in it kept whole (`amount`: no line break between a sign, its
 * currency and its figures — a phone broke "Net −" from "$0.25"). The text itself is unchanged.
 */
function lineWithAmounts(line: ResultLine, t: T, money: Money): ReactNode[] {
  const amounts: string[] = [];
  const text = resultLineText(line, t, (cents, signed) => {
    const shown = money(cents, signed);
    amounts.push(shown);
    return shown;
  });
  const found = [...new Set(amounts)].filter((a) => a !== '' && text.includes(a)).sort((a, b) => b.length - a.length);
  if (found.length === 0) return [text];
  const escaped = found.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp('(' + escaped.join('|') + ')', 'u');
  return text.split(pattern).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="amount">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** The banner's lines as text (for the screen-reader announcement of the result, Announcer.tsx). */
export function resultTexts(result: ResultModel, t: T, money: Money): string[] {
  return resultLines(result).map((line) => resultLineText(line, t, money));
}

/**
 * The banner's colour: the round's net over every bet (green won money, red lost it, amber neither), not the main
 * bet's outcome alone (`data-result`): a main bet won beside a larger Fortune bet lost read green over "Net −$5.25"
 * (a tester's point).
 */
export function resultTone(result: Pick<ResultModel, 'netCents'>): 'win' | 'push' | 'lose' {
  return result.netCents > 0 ? 'win' : result.netCents < 0 ? 'lose' : 'push';
}

/** The coach's grade of the viewer's setting (issue 17 point 1) and the main bet it was played at, cents. */
export interface ResultGrade {
  readonly state: RoundGradeState;
  readonly betCents: number;
}

/** Where the coach's grade goes on the screen: in the result banner, or in the bet total's place beside it. */
export interface GradePlaces {
  readonly banner?: ResultGrade;
  readonly note?: ResultGrade;
}

/**
 * Where the coach's grade of the round just revealed is shown (issue 17 point 1), from "Grading your setting…" to the
 * grade: in the banner on a wide screen; on a phone (`compact`: no room for another line in the banner) in the place
 * of the bet total while the felt is empty (`feltEmpty`; the total takes its place back at the first chip). A phone
 * showed nothing while the grade was computed, so a player who looked then never saw one come.
 */
export function gradePlaces(grade: ResultGrade | undefined, compact: boolean, feltEmpty: boolean): GradePlaces {
  if (grade === undefined || grade.state.kind === 'none') return {};
  if (!compact) return { banner: grade };
  return feltEmpty ? { note: grade } : {};
}

/**
 * The `result` banner, one line per bet, then the coach's grade of the setting (`result-grade`: what it gave
 * up against the best setting, the EVs in its title) while it is being computed and once it is.
 */
export function ResultBanner({ result, money, grade }: { result: ResultModel; money: Money; grade?: ResultGrade }) {
  const { t, i18n } = useTranslation();
  const lines = resultLines(result);
  return (
    <div
      className={`result result--${resultTone(result)}`}
      data-testid="result"
      data-result={result.outcome}
      data-net-cents={result.netCents}
      data-round-id={result.roundId}
    >
      {lines.map((line, i) => (
        <span
          key={line.kind}
          className={i === 0 ? 'result__main' : `result__detail result__detail--${line.kind}`}
          data-testid="result-line"
          data-kind={line.kind}
          data-cents={line.kind === 'envy' ? line.envy.amountCents : line.cents}
        >
          {lineWithAmounts(line, t, money)}
        </span>
      ))}
      {grade && grade.state.kind !== 'none' && <ResultGradeLine grade={grade} t={t} lng={i18n.language} money={money} />}
    </div>
  );
}

/**
 * The coach's grade as a line (`result-grade`): in the banner on a wide screen (`form` 'line'); on a phone
 * (no room for another line in the banner) in place of the empty bet total beside it (`form` 'note'; `gradePlaces`).
 * The few words are a disclosure (`grade-why`, as "Why?" beside a disabled "Be the banker"): a tap, a click or a key
 * shows the whole sentence with the expected values (`grade-detail`) over the felt, which the title alone gave only
 * to a mouse (a tap shows no tooltip); Escape or another tap closes it.
 */
export function ResultGradeLine({ grade, t, lng, money, form = 'line' }: { grade: ResultGrade; t: T; lng: string; money: Money; form?: 'line' | 'note' }) {
  const { open, toggle, closeOnEscape } = useDisclosure();
  const id = useId();
  const { state } = grade;
  const className = form === 'note' ? 'grade-note' : 'result__detail result__detail--grade';
  if (state.kind === 'none') return null;
  if (state.kind !== 'graded') {
    return (
      <span className={className} data-testid="result-grade" data-state="pending">
        {t('coach.grade.pending')}
      </span>
    );
  }
  const [summary, verdict] = gradeLines(t, lng, state.grade, grade.betCents, money);
  const detail = `${verdict} ${summary} — ${t('coach.grade.title')}`;
  return (
    <span
      className={`${className} grade`}
      data-testid="result-grade"
      data-state="graded"
      data-ev-lost={state.grade.evLost}
      data-played-ev={state.grade.playedEv}
      title={detail}
      onKeyDown={closeOnEscape}
    >
      <button
        type="button"
        className="grade__why"
        data-testid="grade-why"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={toggle}
      >
        {form === 'note' ? gradeNote(t, state.grade, grade.betCents, money) : gradeShort(t, lng, state.grade, grade.betCents, money)}
      </button>
      {open && (
        <span id={id} className="grade__detail" data-testid="grade-detail">
          {detail}
        </span>
      )}
    </span>
  );
}
