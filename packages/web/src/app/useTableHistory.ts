/**
 * The table screen's reading of the player's past (rules.md §5 "Interruptions"): the history (`GET
 * /api/history`) on every (re)connection, after every revealed round and after a notice about a round;
 * the lobby's table names for its rows; and the rounds settled while the player was away (a dropped
 * connection, a server restart, a reload), listed in the "While you were away" panel from the player's
 * inbox (away.ts): each `notice/round-settled` whose round is not the one on screen, and each
 * `notice/round-recovered`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry, TableView } from '@paigow/protocol';
import { ApiError, type Api } from '../net/http.js';
import { viewerPlayed } from '../table-ui/model.js';
import { tableName } from './i18n/index.js';
import { awayOfNotice, mergeAway, type AwayRound } from './away.js';
import type { NoticeItem } from './useTable.js';

/** What the screen shows of the past. */
export interface TableHistory {
  /** The player's newest rounds at any table, `null` until read. */
  readonly history: readonly HistoryEntry[] | null;
  /** The lobby's table names (as shown), by table id. */
  readonly tableNames: ReadonlyMap<string, string>;
  /** Rounds settled while the player was away, not yet dismissed. */
  readonly away: readonly AwayRound[];
  dismissAway(): void;
}

/**
 * The history, table names and missed rounds of the player at `tableId`.
 * @param connections the table's join count (a change: read the history afresh); @param notices the server's notices
 * @param settled the server's `notice/round-settled` notices (`LiveTable.settled`)
 * @param onSessionLost called when the server no longer knows the session
 */
export function useTableHistory({ api, token, tableId, view, connections, notices, settled, onSessionLost, initialAway }: {
  api: Api;
  token: string;
  tableId: string;
  view: TableView | null;
  connections: number;
  notices: readonly NoticeItem[];
  settled: readonly NoticeItem[];
  onSessionLost: () => void;
  initialAway?: readonly AwayRound[];
}): TableHistory {
  const { t } = useTranslation();
  const [history, setHistory] = useState<readonly HistoryEntry[] | null>(null);
  const [historyBump, setHistoryBump] = useState(0);
  const [tableNames, setTableNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [away, setAway] = useState<readonly AwayRound[]>(initialAway ?? []);

  // The round whose result this table shows the player now (its settlement notice is no news).
  const last = view?.lastRound ?? null;
  const onScreen = last !== null && viewerPlayed(last) ? last.roundId : null;

  // The history: on every (re)connection, after every revealed round, and after a notice about a round.
  const lastRoundId = last?.roundId ?? null;
  useEffect(() => {
    if (connections === 0) return;
    let live = true;
    api
      .history(token, 20)
      .then((r) => {
        if (live) setHistory(r.items);
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.code === 'auth/invalid-session') onSessionLost();
      });
    return () => {
      live = false;
    };
  }, [api, token, lastRoundId, connections, historyBump, onSessionLost]);

  // Table names for the history rows (the lobby's list).
  useEffect(() => {
    let live = true;
    api
      .tables()
      .then((r) => live && setTableNames(new Map(r.tables.map((x) => [x.tableId, tableName(t, x)]))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, t]);

  // Notices about rounds: a recovered round, and a settled one not on screen, join the away panel; they
  // and a void deal or returned bets re-read the history.
  const handled = useRef(new Set<number>());
  useEffect(() => {
    let bump = false;
    for (const n of [...notices, ...settled]) {
      if (handled.current.has(n.id)) continue;
      handled.current.add(n.id);
      const round = awayOfNotice(n, tableId, onScreen);
      if (round) setAway((a) => mergeAway(a, [round]));
      if (round !== null || n.code === 'notice/round-void' || n.code === 'notice/bet-returned') bump = true;
    }
    if (bump) setHistoryBump((b) => b + 1);
  }, [notices, settled, tableId, onScreen]);

  const dismissAway = useCallback(() => setAway([]), []);
  return { history, tableNames, away, dismissAway };
}
