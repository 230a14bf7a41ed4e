/**
 * The player's chips on the felt as React state: the pure chip model of `table-ui/bet-draft.ts` (what to
 * send and what to draw, tested without a browser), kept for one table screen, with its effects run here:
 * bet and rebet messages sent, messages shown in the table's `error` element in the player's language.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '@paigow/protocol';
import type { TableError } from '../net/table-connection.js';
import type { ChipValue } from '../table-ui/model.js';
import type { BetsBlock, Piles, RebetBlock } from '../table-ui/chip-plans.js';
import {
  applyBet,
  betContext,
  canUndo,
  doubleBlockOf,
  draftRefusal,
  fortuneAdds,
  NO_BETS,
  rebetBlockOf,
  shownPiles,
  targetOf,
  type BetAction,
  type BetDraft,
  type BetMessage,
  type ChipTarget,
} from '../table-ui/bet-draft.js';

type Send = (type: 'bet' | 'rebet', payload?: Record<string, unknown>) => string;
type Money = (cents: number, signed?: boolean) => string;

/** What the felt draws and what the player's chip actions do (see `useBetChips`). */
export interface BetChips {
  /** The piles drawn on the spots (bottom first). */
  readonly shown: Piles;
  /** Bets being built below the minimum or off the unit (not sent), per spot; `null` when none. */
  readonly drafts: BetDraft['drafts'];
  readonly selected: ChipValue | null;
  readonly target: ChipTarget;
  setTarget(target: ChipTarget): void;
  /** The chip a Fortune click adds (within the Fortune maximum), or `null` when the Fortune bet is full. */
  readonly fortuneAdds: ChipValue | null;
  /** A bet message is waiting for its answer. */
  readonly betPending: boolean;
  onChip(v: ChipValue): void;
  onBetStack(): void;
  onFortune(): void;
  onFortuneRemove(): void;
  clear(): void;
  readonly canUndo: boolean;
  undo(): void;
  /** What Double would place, and why it cannot (`nothing`: no bet and no last bets). */
  readonly doubleBlock: BetsBlock | 'nothing' | null;
  double(): void;
  readonly rebetBlock: RebetBlock | null;
  rebet(): void;
  /** Why Deal cannot deal a bet still being built (below the minimum, off the unit), else `null`. */
  draftRefusal(): string | null;
}

/**
 * The chip state of the viewer at `view` (a seated player; for anyone else the actions do nothing).
 * @param canBet whether bets may be changed now (a player, betting open, connected)
 * @param pending the messages sent and not yet answered (their types by request id); @param error the last refusal
 * @param say shows a refusal in the table's `error` element, or clears the one it showed (`null`; refusal.ts)
 * @param tell shows the player a notice (what else a change of its bets did)
 */
export function useBetChips({ view, canBet, send, pending, error, say: sayRefusal, tell, money }: {
  view: TableView | null;
  canBet: boolean;
  send: Send;
  pending: ReadonlyMap<string, string>;
  error: TableError | null;
  say: (message: string | null) => void;
  tell: (text: string) => void;
  money: Money;
}): BetChips {
  const { t } = useTranslation();
  const [state, setState] = useState<BetDraft>(NO_BETS);
  const latest = useRef<BetDraft>(NO_BETS);
  const pendingBets = useMemo(() => new Set([...pending].flatMap(([id, type]) => (type === 'bet' ? [id] : []))), [pending]);
  const betPending = pendingBets.size > 0 || [...pending.values()].includes('rebet');
  const ctx = useMemo(() => betContext(view, canBet, betPending, pendingBets), [view, canBet, betPending, pendingBets]);
  const say = useCallback(
    (m: BetMessage) => t(m.key, Object.fromEntries(Object.entries(m.cents).map(([name, cents]) => [name, money(cents)]))),
    [t, money],
  );

  // One step at a time from the latest state; its effects run after it, in order.
  const dispatch = useCallback(
    (action: BetAction) => {
      const step = applyBet(latest.current, action, ctx);
      latest.current = step.state;
      setState(step.state); // the same object when nothing changed: no render
      for (const e of step.effects) {
        if (e.kind === 'say') sayRefusal(say(e.message));
        else if (e.kind === 'unsay') sayRefusal(null);
        else if (e.kind === 'tell') tell(say(e.message));
        else if (e.kind === 'send-rebet') send('rebet');
        else {
          const requestId = send('bet', { spot: e.spot, amountCents: e.cents });
          if (requestId) dispatch({ type: 'sent', ticket: e.ticket, requestId });
        }
      }
    },
    [ctx, say, send, sayRefusal, tell],
  );

  // Every view: drafts and Undo's memory follow the server's bets and the betting round.
  useEffect(() => dispatch({ type: 'sync' }), [ctx, dispatch]);
  // A refused bet message (handled once: the model forgets the request it names).
  useEffect(() => {
    if (error?.requestId) dispatch({ type: 'refused', requestId: error.requestId, code: error.code });
  }, [error, dispatch]);

  const refusal = draftRefusal(state, ctx);
  return {
    shown: shownPiles(state, ctx),
    drafts: state.drafts,
    selected: state.selected,
    target: targetOf(state, ctx),
    setTarget: (target) => dispatch({ type: 'target', target }),
    fortuneAdds: fortuneAdds(state, ctx),
    betPending,
    onChip: (value) => dispatch({ type: 'chip', value }),
    onBetStack: () => dispatch({ type: 'stack' }),
    onFortune: () => dispatch({ type: 'fortune' }),
    onFortuneRemove: () => dispatch({ type: 'fortune-remove' }),
    clear: () => dispatch({ type: 'clear' }),
    canUndo: canUndo(state, ctx),
    undo: () => dispatch({ type: 'undo' }),
    doubleBlock: doubleBlockOf(state, ctx),
    double: () => dispatch({ type: 'double' }),
    rebetBlock: rebetBlockOf(ctx),
    rebet: () => dispatch({ type: 'rebet' }),
    draftRefusal: () => (refusal === null ? null : say(refusal)),
  };
}
