/**
 * The notices the table screen makes itself: a banking player who stops banking (any reason) — the other
 * players are told the house banks now (`local/bank-changed`, the three newest kept).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '@paigow/protocol';
import type { ToastNotice } from './Toasts.js';

/** The local notices of `view`, and their dismissal by id. */
export function useBankChange(view: TableView | null): { readonly notices: readonly ToastNotice[]; dismiss(id: string): void } {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<readonly ToastNotice[]>([]);
  const bankerRef = useRef<TableView['banker'] | null>(null);
  const bankerNow = view?.banker ?? null;
  const you = view?.you ?? null;
  const iBank = you?.role === 'banker';
  useEffect(() => {
    const before = bankerRef.current;
    bankerRef.current = bankerNow;
    if (before?.kind === 'player' && bankerNow?.kind === 'house' && !iBank && before.seat !== you?.seat) {
      const text = t('notices.bankChanged', { nickname: before.nickname });
      const atMs = Date.now();
      setNotices((list) => [...list, { id: `bank-${atMs}`, code: 'local/bank-changed', text, sticky: false, atMs }].slice(-3));
    }
  }, [bankerNow, iBank, you?.seat, t]);
  const dismiss = useCallback((id: string) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  return { notices, dismiss };
}
