/**
 * The controls under the felt (rules.md §5): the house-way explanation of the viewer's hand, the refusal
 * (`error`), why Split cannot be pressed yet, the chips and the bet tools (before the actions in the tab
 * order, drawn after them, styles.css), the actions (Sit down, while a seat is free; Split and House Way while
 * setting; Deal and Rebet while betting; Hint), why Rebet or Double cannot be pressed (in words: a tap shows no tooltip),
 * and on a narrow screen the Hint panel and the notices.
 */
import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView, YouView } from '@paigow/protocol';
import { ChipRack } from '../table-ui/parts.js';
import { seatFree, type Felt } from '../table-ui/felt.js';
import { brokeAt } from '../table-ui/broke.js';
import { bankRoom } from '../table-ui/bank-status.js';
import { errorMessage } from './i18n/index.js';
import { BetTools, betsBlockText, doubleBlockText } from './BetTools.js';
import { Explanation } from './HouseWayExplanation.js';
import type { BetChips } from './useBetChips.js';

type Money = (cents: number, signed?: boolean) => string;

/** What the actions do (each sends its message, or opens the Hint). */
export interface TableActions {
  onSitDown(): void;
  onSplit(): void;
  onHouseWay(): void;
  onDeal(): void;
  onHint(): void;
}

/** The controls of the viewer at `view`; `hintPanel` is shown here (narrow screens) unless `wide`; `notices` likewise. */
export function TableControls({ view, you, felt, bets, money, error, pendingTypes, hintOpen, hintPanel, hintButton, splitButton, wide, notices, actions }: {
  view: TableView;
  you: YouView;
  felt: Felt;
  bets: BetChips;
  money: Money;
  /** The message of the table's `error` element, or `null`. */
  error: string | null;
  pendingTypes: ReadonlySet<string>;
  hintOpen: boolean;
  hintPanel: ReactNode | null;
  hintButton: RefObject<HTMLButtonElement | null>;
  /** Split's button, for the focus after the Hint's setting is used. */
  splitButton: RefObject<HTMLButtonElement | null>;
  wide: boolean;
  notices: ReactNode;
  actions: TableActions;
}) {
  const { t } = useTranslation();
  const { canBet, dealt, setting, submitting, splitBlock } = felt;
  const isPlayer = you.role === 'player';
  const betPending = bets.betPending;
  const fortuneLimits = view.config.limits.fortune;
  const splitReason = splitBlock === null ? null : splitBlock.kind === 'low-count' ? t('splitReason.lowCount', { count: splitBlock.count }) : errorMessage(t, splitBlock.code);
  // One message at a time: while a refusal is said, the disabled buttons' reasons wait (Rebet's and Double's titles keep
  // theirs). A player read Double's "That is over the table maximum of $100." under the buttons as a refusal out of
  // date beside the Fortune limit's.
  // So too while the broke notice says why no bet can be made (BrokeNotice.tsx): "You need $75 and have $0" under the
  // buttons said it again, a line a 360×740 phone had no room for.
  const reasonsSaid = isPlayer && canBet && !dealt && error === null && brokeAt(you, view.config.limits.main) === null;
  // Deal waits for a bet still below the minimum (or off the unit): disabled, saying why (as Split does for a foul).
  const dealWhy = isPlayer && canBet && !dealt && !you.ready ? bets.draftRefusal() : null;
  const dealWhyShown = dealWhy !== null && reasonsSaid;
  const rebet = bets.rebetBlock;
  // A fresh seat (`none`: no round to repeat) is said too, while the felt is empty (a tester on a phone, where a
  // tooltip never shows, saw Rebet and Rebet ×2 disabled without a word why); chips on the felt say `placed` themselves.
  const feltEmpty = bets.shown.main.length === 0 && bets.shown.fortune.length === 0;
  const rebetWhy = rebet === null || rebet === 'placed' || (rebet === 'none' && !feltEmpty) ? null : betsBlockText(t, money, rebet, view, you, you.lastBets ? you.lastBets.main + you.lastBets.fortune : 0);
  const reasonIds = useId();
  // A full bank is said by the bank's own line (BankStatus.tsx `bank-room`): not a second time under the buttons.
  const bankSaysIt = (block: string | null) => block === 'bank-full' && bankRoom(view)?.full === true;
  const rebetShown = rebetWhy !== null && reasonsSaid && !bankSaysIt(rebet);
  // Double's reason in words too, unless it is "no bet to double" (the felt shows that) or Rebet's is already said:
  // Rebet ×2 is Rebet twice over, so what stops Rebet stops it, and one line is room enough on a phone.
  const doubleWhy = reasonsSaid && !rebetShown && bets.doubleBlock !== 'nothing' && !bankSaysIt(bets.doubleBlock) ? doubleBlockText(t, money, view, you, bets) : null;
  // A disabled Rebet ×2 (Double on an empty felt) is described by Rebet's line when that one is said instead.
  const doubleReasonId = doubleWhy !== null ? `${reasonIds}-double` : rebetShown && bets.shown.main.length === 0 && bets.doubleBlock !== null ? `${reasonIds}-rebet` : undefined;
  return (
    <div className="controls">
      <Explanation view={view} stage={felt.stage} who="you" />
      <p className="error-toast" data-testid="error" hidden={error === null} role="alert">
        {error ?? ''}
      </p>
      {dealWhyShown && (
        <p className="split-hint" id="deal-reason" data-testid="deal-reason" role="status">
          {dealWhy}
        </p>
      )}
      {splitReason && splitBlock && (
        // Two cards still to move is an instruction (a neutral hint); only a foul is drawn as an error.
        <p
          className={splitBlock.kind === 'low-count' ? 'split-hint' : 'foul-reason'}
          data-testid="split-reason"
          data-kind={splitBlock.kind === 'low-count' ? 'hint' : 'foul'}
          role="status"
        >
          {splitReason}
        </p>
      )}
      <div className="controls__row">
        {/* Chips and their tools come before the actions in the tab order (bet, then Deal), drawn after them (styles.css). */}
        {hintPanel !== null && !wide ? null : isPlayer && (
          <ChipRack
            name={t('a11y.chipRack')}
            selected={bets.selected}
            onChip={bets.onChip}
            disabled={!canBet}
            // Every chip stays enabled up to either maximum: a chip that would go over it says so (bet-draft.ts).
            label={(v) => t(bets.target === 'fortune' && fortuneLimits ? 'table.chipToFortune' : 'table.chipToMain', { amount: money(v * 100) })}
          />
        )}
        {isPlayer && !dealt && <BetTools view={view} you={you} bets={bets} canBet={canBet} money={money} reasonId={doubleReasonId} />}
        <div className="actions">
          {you.role === 'spectator' ? (
            // At a full table there is no seat to sit in: the phase line says so (PhaseMessage.tsx).
            seatFree(view) && (
              <button className="btn btn--gold btn--big" data-testid="sit-down" disabled={!felt.connected} onClick={actions.onSitDown}>
                {t('table.sitDown')}
              </button>
            )
          ) : dealt ? (
            <>
              <button
                className="btn btn--gold btn--big"
                data-testid="split"
                ref={splitButton}
                disabled={!setting || splitBlock !== null || submitting}
                title={splitReason ?? undefined}
                onClick={actions.onSplit}
              >
                {t('table.split')}
              </button>
              <button className="btn btn--big" data-testid="house-way" disabled={!setting || submitting} onClick={actions.onHouseWay}>
                {t('table.houseWay')}
              </button>
            </>
          ) : isPlayer ? (
            <>
              <button
                className="btn btn--gold btn--big"
                data-testid="deal"
                disabled={!canBet || (you.bets.main === 0 && bets.drafts.main === null) || dealWhy !== null || you.ready || pendingTypes.has('deal') || betPending}
                aria-describedby={dealWhyShown ? 'deal-reason' : undefined}
                onClick={actions.onDeal}
              >
                {t('table.deal')}
              </button>
              <button
                className="btn btn--big"
                data-testid="rebet"
                data-reason={rebet ?? undefined}
                title={rebetWhy ?? undefined}
                aria-describedby={rebetShown ? `${reasonIds}-rebet` : undefined}
                disabled={!canBet || rebet !== null || betPending}
                onClick={bets.rebet}
              >
                {t('table.rebet')}
              </button>
            </>
          ) : null}
          {isPlayer && (
            <button
              className="btn btn--big"
              data-testid="hint"
              ref={hintButton}
              disabled={!setting || submitting || pendingTypes.has('hint')}
              title={t('table.hintTitle')}
              aria-expanded={hintOpen}
              onClick={actions.onHint}
            >
              {t('table.hint')}
            </button>
          )}
        </div>
      </div>
      {rebetShown && (
        <p className="rebet-reason muted" id={`${reasonIds}-rebet`} data-testid="rebet-reason" data-reason={rebet ?? undefined}>
          {rebetWhy}
        </p>
      )}
      {doubleWhy !== null && (
        <p className="rebet-reason muted" id={`${reasonIds}-double`} data-testid="double-reason" data-reason={bets.doubleBlock ?? undefined}>
          {doubleWhy}
        </p>
      )}
      {hintPanel !== null && !wide ? hintPanel : null}
      {!wide && notices}
    </div>
  );
}
