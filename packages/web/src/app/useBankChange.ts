/**
 * The notices the table screen makes itself: a banking player who stops banking (any reason) — the other
 * players are told the house banks now and why (its banker stopped, its balance or its comp points no longer
 * cover a bank, it stayed away too long), or, when the bank ended before a round was dealt under it, that the house banks the
 * next round and why (its approval time ran out, or its banker left) (`local/bank-changed`, the three newest kept).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '@paigow/protocol';
import { bankChange, type BankChange } from '../table-ui/bank-status.js';
import type { ToastNotice } from './Toasts.js';

type T = ReturnType<typeof useTranslation>['t'];

/** The other players' words for how a bank ended (`notices.bankChanged`, `bankTimedOut`, `bankEndedUndealt`, `bankEndedBalance`, `bankEndedCompPoints`, `bankEndedAway`). */
export function bankChangeText(t: T, change: BankChange): string {
  switch (change.kind) {
    case 'approval-timeout':
      return t('notices.bankTimedOut', { nickname: change.nickname });
    case 'house-banks-next':
      return t('notices.bankEndedUndealt', { nickname: change.nickname });
    case 'balance':
      return t('notices.bankEndedBalance', { nickname: change.nickname });
    case 'comp-points':
      return t('notices.bankEndedCompPoints', { nickname: change.nickname });
    case 'away':
      return t('notices.bankEndedAway', { nickname: change.nickname });
    default:
      return t('notices.bankChanged', { nickname: change.nickname });
  }
}

/**
 * The bank change from `before` to `view` that the viewer is told of: a player's bank that ended, unless the viewer
 * banked it (its own notice says why, `bank/…`). Who banked is read from `before`: a banker away too long has lost its
 * seat by the next view (one back online read of itself in the third person, "Élodie est resté absent trop longtemps").
 */
export function bankChangeForOthers(before: TableView, view: TableView): BankChange | null {
  const change = bankChange(before, view);
  if (change === null || view.you?.role === 'banker' || before.banker.kind !== 'player') return null;
  if (before.you?.role === 'banker' || before.banker.seat === view.you?.seat) return null;
  return change;
}

/** The local notices of `view`, and their dismissal by id. */
export function useBankChange(view: TableView | null): { readonly notices: readonly ToastNotice[]; dismiss(id: string): void } {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<readonly ToastNotice[]>([]);
  const viewRef = useRef<TableView | null>(null);
  useEffect(() => {
    const before = viewRef.current;
    viewRef.current = view;
    if (before === null || view === null) return;
    const change = bankChangeForOthers(before, view);
    if (change !== null) {
      const text = bankChangeText(t, change);
      const atMs = Date.now();
      setNotices((list) => [...list, { id: `bank-${atMs}`, code: 'local/bank-changed', text, sticky: false, atMs }].slice(-3));
    }
  }, [view, t]);
  const dismiss = useCallback((id: string) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  return { notices, dismiss };
}
