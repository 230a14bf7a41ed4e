/**
 * The bank at a table where a player may bank (rules.md §5 "Play as the banker", §3.1): "Be the banker"
 * with, while it is disabled, every missing requirement in the table's numbers (or who banks, or that bets
 * are down) and what banking costs; the banker's Stop banking, with why it is disabled; and, for the players, how much the bank can still take.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisclosure } from './disclosure.js';
import type { TableView } from '@paigow/protocol';
import { bankBlocks, bankerCover, bankLeaving, bankRoom, leaveBankRefused, type BankBlock } from '../table-ui/bank-status.js';
import { errorMessage, formatPoints } from './i18n/index.js';

type Money = (cents: number, signed?: boolean) => string;
type T = ReturnType<typeof useTranslation>['t'];

/** One reason in words, with the table's numbers (`bank.reason.<kind>`; comp points formatted in `lng`, "−" for negatives). */
export function bankBlockText(t: T, money: Money, block: BankBlock, feeRate: string, lng: string): string {
  switch (block.kind) {
    case 'occupied':
      return t('bank.reason.occupied', { nickname: block.nickname });
    case 'comp-points':
      return t('bank.reason.comp-points', { needed: formatPoints(lng, block.needed), have: formatPoints(lng, block.have) });
    case 'balance':
      return t('bank.reason.balance', { needed: money(block.neededCents), have: money(block.haveCents), fee: feeRate });
    default:
      return t(`bank.reason.${block.kind}`);
  }
}

/**
 * "Be the banker" (`take-bank`), its reasons when disabled (`bank-reason`, `data-kinds`) and its cost (`bank-cost`).
 * On a phone the reasons and the cost of a disabled button are behind "Why?" (`bank-why`, a disclosure), shown over
 * the felt: three or four lines of them made the page taller than a 360×740 phone in German and Spanish. The cost of
 * an enabled button is behind "Cost?" (`bank-cost-toggle`) the same way: once a player had the comp points to bank,
 * its two lines made a German result with a Fortune win 753 px tall (e2e/phone-table-3.test.ts).
 */
export function TakeBank({ view, money, feeRate, onTake, offline = false }: { view: TableView; money: Money; feeRate: string; onTake: () => void; offline?: boolean }) {
  const { t, i18n } = useTranslation();
  const { open, toggle, closeOnEscape } = useDisclosure();
  const id = useId();
  const can = view.you?.canTakeBank ?? false;
  const blocks = bankBlocks(view);
  const reasons = blocks.map((b) => bankBlockText(t, money, b, feeRate, i18n.language));
  const why = reasons.length > 0;
  return (
    <span
      className={`take-bank${open ? ' take-bank--open' : ''}`}
      onKeyDown={closeOnEscape}
    >
      <button
        className="btn btn--small"
        data-testid="take-bank"
        disabled={!can || offline}
        title={can ? t('bank.cost', { fee: feeRate }) : reasons.join(' ')}
        aria-describedby={why ? `${id}-reason` : undefined}
        onClick={onTake}
      >
        {t('table.takeBank')}
      </button>
      <button
        type="button"
        className="bank-why"
        data-testid={why ? 'bank-why' : 'bank-cost-toggle'}
        aria-expanded={open}
        aria-controls={`${id}-notes`}
        onClick={toggle}
      >
        {t(why ? 'bank.why' : 'bank.costShow')}
      </button>
      <span id={`${id}-notes`} className="take-bank__notes">
        {why && (
          <span id={`${id}-reason`} className="bank-reason muted" data-testid="bank-reason" data-kinds={blocks.map((b) => b.kind).join(' ')}>
            {reasons.join(' ')}
          </span>
        )}
        <span className="bank-cost muted" data-testid="bank-cost">
          {t('bank.cost', { fee: feeRate })}
        </span>
      </span>
    </span>
  );
}

/**
 * The banker's Stop banking (`leave-bank`): disabled while it is leaving after this round, saying so
 * (`leave-bank-note`), and while bets are down and no round holds them (the server would refuse
 * `bank/bets-down`), with that reason beside it.
 */
export function LeaveBank({ view, onLeave, offline = false }: { view: TableView; onLeave: () => void; offline?: boolean }) {
  const { t } = useTranslation();
  const refused = leaveBankRefused(view);
  const leaving = bankLeaving(view) !== null;
  return (
    <span className="take-bank">
      <button className="btn btn--small" data-testid="leave-bank" onClick={onLeave} disabled={leaving || refused || offline}>
        {t('table.leaveBank')}
      </button>
      {leaving && (
        <span className="bank-reason" data-testid="leave-bank-note" role="status">
          {t('bank.leavingYou')}
        </span>
      )}
      {refused && (
        <span className="bank-reason muted" data-testid="leave-bank-reason">
          {errorMessage(t, 'bank/bets-down')}
        </span>
      )}
    </span>
  );
}

/**
 * The bank status line. For the banker, once its cover is committed: the main bets its cover pays and the room
 * left (`bank-cover`, `data-cover-cents`, `data-cents`, `data-full`). For a player at a player-banked table: that the bank ends after this round
 * (`bank-leaving`, any phase, once its banker pressed Stop banking) and, while bets are taken, what the bank
 * can still take (`bank-room`, `data-cents`, `data-full`); nothing otherwise.
 */
export function BankRoom({ view, money }: { view: TableView; money: Money }) {
  const { t } = useTranslation();
  const cover = bankerCover(view);
  if (cover !== null) {
    const amounts = { cover: money(cover.coverCents), room: money(cover.roomCents) };
    return (
      <p className={`bank-room${cover.full ? ' bank-room--full' : ''}`} data-testid="bank-cover" data-cover-cents={cover.coverCents} data-cents={cover.roomCents} data-full={cover.full} role="status">
        {cover.full ? t('bank.yourCoverFull', amounts) : t('bank.yourCover', amounts)}
      </p>
    );
  }
  if (view.you?.role !== 'player') return null;
  const leaving = bankLeaving(view);
  const room = bankRoom(view);
  // The room only while bets are taken: before its approval the banker's cover is not committed yet.
  const showRoom = room !== null && view.phase === 'betting';
  if (!leaving && !showRoom) return null;
  return (
    <>
      {leaving && (
        <p className="bank-room" data-testid="bank-leaving" role="status">
          {t('bank.leaving', { nickname: leaving.nickname })}
        </p>
      )}
      {showRoom && (
        <p className={`bank-room${room.full ? ' bank-room--full' : ''}`} data-testid="bank-room" data-cents={room.roomCents} data-full={room.full} role="status">
          {room.full ? t('bank.full') : t('bank.room', { amount: money(room.roomCents) })}
        </p>
      )}
    </>
  );
}
