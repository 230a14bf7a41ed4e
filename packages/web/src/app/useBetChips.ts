/**
 * The player's chips on the felt (rules.md §5: chips of 1, 5, 25, 100 build a bet; clicking the stack
 * removes chips): the piles as clicked, the last piles the server accepted (so that a chip refused by the
 * server is never the one taken off next), bets still being built below the minimum (drafts, not sent),
 * the selected chip and the spot chips go to, and the tools: Clear, Undo, Double (Rebet ×2), Rebet.
 * The server holds the bets (`you.bets`); this hook only decides what to send and what to draw.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView, YouView } from '@paigow/engine';
import type { TableError } from '../net/table-connection.js';
import { betChips, betUnitOf, checkDraft, chipsCents, planBet, type ChipValue } from '../table-ui/model.js';
import { bankRoom } from '../table-ui/bank-status.js';
import {
  betsBlock,
  doubled,
  forgetRefused,
  fortuneOffer,
  rebetBlock,
  remember,
  type BetsBlock,
  type Piles,
  type RebetBlock,
  type UndoStep,
} from '../table-ui/chip-plans.js';

type Send = (type: 'bet' | 'rebet', payload?: Record<string, unknown>) => string;
type Money = (cents: number, signed?: boolean) => string;

/** How many bet requests are remembered to name a refusal (the server answers in order, within seconds). */
const SENT_BETS_KEPT = 50;

/** The spot a chip click goes to. */
export type ChipTarget = 'main' | 'fortune';

/** What the felt draws and what the player's chip actions do (see `useBetChips`). */
export interface BetChips {
  /** The piles drawn on the spots (bottom first). */
  readonly shown: Piles;
  /** Bets being built below the minimum or off the unit (not sent), per spot; `null` when none. */
  readonly drafts: { readonly main: readonly ChipValue[] | null; readonly fortune: readonly ChipValue[] | null };
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
 * @param pendingTypes the message types sent and not yet answered; @param error the last refusal
 * @param setLocalError shows (or clears, `null`) a message in the table's `error` element
 */
export function useBetChips({ view, you, canBet, send, pendingTypes, error, setLocalError, money }: {
  view: TableView | null;
  you: YouView | null;
  canBet: boolean;
  send: Send;
  pendingTypes: ReadonlySet<string>;
  error: TableError | null;
  setLocalError: (message: string | null) => void;
  money: Money;
}): BetChips {
  const { t } = useTranslation();
  const [mainChips, setMainChips] = useState<ChipValue[]>([]);
  const [fortuneChips, setFortuneChips] = useState<ChipValue[]>([]);
  const [accepted, setAccepted] = useState<Piles>({ main: [], fortune: [] });
  const [mainDraft, setMainDraft] = useState<ChipValue[] | null>(null);
  const [fortuneDraft, setFortuneDraft] = useState<ChipValue[] | null>(null);
  const [selected, setSelected] = useState<ChipValue | null>(null);
  const [target, setTarget] = useState<ChipTarget>('main');
  const [steps, setSteps] = useState<readonly UndoStep[]>([]);
  // Bet requests sent: request id → spot and amount (to name a refusal and forget it in Undo).
  const sentBets = useRef(new Map<string, { spot: ChipTarget; cents: number }>());

  const phase = view?.phase ?? null;
  const roundId = view?.roundId ?? null;
  const ready = you?.ready ?? false;
  const heldMain = you?.bets.main ?? 0;
  const heldFortune = you?.bets.fortune ?? 0;
  const betPending = pendingTypes.has('bet') || pendingTypes.has('rebet');

  // Drafts and Undo's memory end with the betting (a deal, a rebet); a draft ends when the server holds a bet on its spot.
  useEffect(() => {
    if (phase !== 'betting' || ready) {
      setMainDraft(null);
      setFortuneDraft(null);
      setSteps([]);
    }
  }, [phase, ready, roundId]);
  useEffect(() => {
    if (heldMain > 0) setMainDraft(null);
  }, [heldMain]);
  useEffect(() => {
    if (heldFortune > 0) setFortuneDraft(null);
  }, [heldFortune]);
  // The piles the server holds as clicked: the ones a refused chip falls back on.
  useEffect(() => {
    setAccepted((a) => {
      const main = chipsCents(mainChips) === heldMain ? mainChips : a.main;
      const fortune = chipsCents(fortuneChips) === heldFortune ? fortuneChips : a.fortune;
      return main === a.main && fortune === a.fortune ? a : { main, fortune };
    });
  }, [mainChips, fortuneChips, heldMain, heldFortune]);
  // A refused bet: back to the accepted pile, out of Undo's memory, and a table limit said with its numbers.
  const handled = useRef<TableError | null>(null);
  const fortuneMaxCents = view?.config.limits.fortune?.maxCents ?? null;
  const mainMaxCents = view?.config.limits.main.maxCents ?? null;
  useEffect(() => {
    const id = error?.requestId;
    const refused = id ? sentBets.current.get(id) : undefined;
    if (!error || !id || !refused || handled.current === error) return;
    handled.current = error;
    sentBets.current.delete(id);
    setSteps((s) => forgetRefused(s, id));
    if (refused.spot === 'main') setMainChips([...accepted.main]);
    else setFortuneChips([...accepted.fortune]);
    const maxCents = refused.spot === 'fortune' ? fortuneMaxCents : mainMaxCents;
    if (maxCents !== null && error.code === 'bet/over-limit') {
      setLocalError(t(refused.spot === 'fortune' ? 'bets.fortuneOverMax' : 'bets.mainOverMax', { max: money(maxCents), amount: money(refused.cents) }));
    }
  }, [error, accepted, fortuneMaxCents, mainMaxCents, money, setLocalError, t]);

  const shownMain = mainDraft ?? (betPending ? mainChips : betChips(heldMain, mainChips, accepted.main));
  const shownFortune = fortuneDraft ?? (betPending ? fortuneChips : betChips(heldFortune, fortuneChips, accepted.fortune));
  const config = view?.config ?? null;
  const unit = config ? betUnitOf(config) : 100;
  const fortuneLimits = config?.limits.fortune ?? null;
  // The Fortune bet goes with a main bet (docs/protocol.md "Bets"): nothing to add to it before one.
  const fortuneAdds = fortuneLimits && shownMain.length > 0 ? fortuneOffer(selected, unit, fortuneLimits, chipsCents(shownFortune)) : null;
  const room = view ? bankRoom(view) : null;
  // The viewer's own main bet is counted in the room already.
  const roomForMe = room === null ? null : room.roomCents + heldMain;

  const sendBet = (spot: ChipTarget, cents: number): string => {
    const id = send('bet', { spot, amountCents: cents });
    if (id) sentBets.current.set(id, { spot, cents });
    // Only recent requests can still be refused; forget the oldest.
    for (const old of sentBets.current.keys()) {
      if (sentBets.current.size <= SENT_BETS_KEPT) break;
      sentBets.current.delete(old);
    }
    return id;
  };
  /** Places a main pile (a draft below the minimum); returns the request id sent, if any. */
  const placeMain = (chips: ChipValue[]): string | null => {
    if (!you || !config) return null;
    const plan = planBet(chipsCents(chips), you.bets.main, config.limits.main, unit);
    if (plan.draft) {
      setMainDraft(chips);
      // Taking the main bet off (below the minimum) takes the Fortune bet off too (docs/protocol.md "Bets").
      if (plan.send === 0) setFortuneDraft(null);
    } else {
      setMainDraft(null);
      setMainChips(chips);
    }
    return plan.send === null ? null : sendBet('main', plan.send);
  };
  const placeFortune = (chips: ChipValue[]): string | null => {
    if (!you || !fortuneLimits) return null;
    const plan = planBet(chipsCents(chips), you.bets.fortune, fortuneLimits, unit);
    if (plan.draft) setFortuneDraft(chips);
    else {
      setFortuneDraft(null);
      setFortuneChips(chips);
    }
    return plan.send === null ? null : sendBet('fortune', plan.send);
  };
  /** Places both piles as one change Undo can take back. */
  const change = (next: Piles, record = true) => {
    setLocalError(null);
    const before: Piles = { main: shownMain, fortune: shownFortune };
    const ids: string[] = [];
    const mainChanged = chipsCents(next.main) !== chipsCents(shownMain) || next.main.length !== shownMain.length;
    if (mainChanged) {
      const id = placeMain([...next.main]);
      if (id) ids.push(id);
      if (next.main.length === 0) setFortuneChips([]);
    }
    if (next.main.length > 0 && (chipsCents(next.fortune) !== chipsCents(shownFortune) || next.fortune.length !== shownFortune.length)) {
      const id = placeFortune([...next.fortune]);
      if (id) ids.push(id);
    }
    if (record) setSteps((s) => remember(s, { before, requestIds: ids }));
  };

  const onChip = (v: ChipValue) => {
    setSelected(v);
    if (!canBet) return;
    if (target === 'fortune') {
      if (!fortuneLimits) return;
      if (shownMain.length === 0) {
        setLocalError(t('bets.fortuneNeedsMain'));
        return;
      }
      if (chipsCents(shownFortune) + v * 100 > fortuneLimits.maxCents) {
        setLocalError(t('bets.fortuneOverMax', { max: money(fortuneLimits.maxCents), amount: money(chipsCents(shownFortune) + v * 100) }));
        return;
      }
      change({ main: shownMain, fortune: [...shownFortune, v] });
    } else change({ main: [...shownMain, v], fortune: shownFortune });
  };
  const onBetStack = () => {
    if (canBet && shownMain.length > 0) change({ main: shownMain.slice(0, -1), fortune: shownFortune });
  };
  const onFortune = () => {
    if (!canBet || !fortuneLimits) return;
    if (shownMain.length === 0) {
      setLocalError(t('bets.fortuneNeedsMain'));
      return;
    }
    if (fortuneAdds === null) {
      setLocalError(t('bets.fortuneAtMax', { max: money(fortuneLimits.maxCents) }));
      return;
    }
    change({ main: shownMain, fortune: [...shownFortune, fortuneAdds] });
  };
  const onFortuneRemove = () => {
    if (canBet && shownFortune.length > 0) change({ main: shownMain, fortune: shownFortune.slice(0, -1) });
  };
  const clear = () => {
    if (canBet && (shownMain.length > 0 || shownFortune.length > 0)) change({ main: [], fortune: [] });
  };
  const undo = () => {
    const last = steps[steps.length - 1];
    if (!canBet || !last) return;
    setSteps(steps.slice(0, -1));
    change(last.before, false);
  };

  const twice = doubled({ main: shownMain, fortune: shownFortune }, you?.lastBets ?? null);
  const doubleBlock: BetsBlock | 'nothing' | null =
    twice === null || !config || !you
      ? 'nothing'
      : betsBlock(chipsCents(twice.main), chipsCents(twice.fortune), config.limits, you.balanceCents, roomForMe);
  const double = () => {
    if (canBet && twice !== null && doubleBlock === null) change(twice);
  };
  const rebetWhy: RebetBlock | null =
    !you || !config ? 'none' : rebetBlock(you.bets, you.lastBets, config.limits, you.balanceCents, room === null ? null : room.roomCents);
  const rebet = () => {
    if (!canBet || rebetWhy !== null) return;
    setMainChips([]);
    setFortuneChips([]);
    setMainDraft(null);
    setFortuneDraft(null);
    setSteps([]);
    setLocalError(null);
    send('rebet');
  };

  const draftRefusal = (): string | null => {
    if (!config) return null;
    for (const [chips, limits, key] of [[mainDraft, config.limits.main, 'table.underMin'], [fortuneDraft, fortuneLimits, 'table.underMinFortune']] as const) {
      if (chips === null || limits === null) continue;
      const check = checkDraft(chipsCents(chips), limits, unit);
      if (check === 'under-min') return t(key, { amount: money(limits.minCents) });
      if (check === 'off-unit') return t('table.offUnit', { amount: money(unit) });
    }
    return null;
  };

  return {
    shown: { main: shownMain, fortune: shownFortune },
    drafts: { main: mainDraft, fortune: fortuneDraft },
    selected,
    target: fortuneLimits ? target : 'main',
    setTarget,
    fortuneAdds,
    betPending,
    onChip,
    onBetStack,
    onFortune,
    onFortuneRemove,
    clear,
    canUndo: canBet && steps.length > 0,
    undo,
    doubleBlock,
    double,
    rebetBlock: rebetWhy,
    rebet,
    draftRefusal,
  };
}
