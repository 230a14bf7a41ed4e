/**
 * The column beside the felt (a sheet behind a tap on a phone, SideSheet.tsx): the sound switch, the
 * table's facts on a phone, the Hint panel on a wide screen, a shared table's last round with its players,
 * the fairness panel, the player's history and the Fortune pay table.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry, RoundResultView, TableView, YouView } from '@paigow/protocol';
import { FortunePayTable } from '../table-ui/FortunePayTable.js';
import { viewerPlayed } from '../table-ui/model.js';
import { FairnessPanel } from '../fairness/FairnessPanel.js';
import type { ClientSeed } from '../fairness/client-seed.js';
import { SideSheet } from './SideSheet.js';
import { SoundToggle } from './sound/SoundToggle.js';
import { TableFacts } from './TableFacts.js';
import { History } from './History.js';
import { RoundPlayers } from './RoundPlayers.js';

type Money = (cents: number, signed?: boolean) => string;

/** The side column of `view`; `sideRound` is the last round shown beside the felt (`Felt.sideRound`). */
export function TableSide({ view, you, compact, open, onClose, sound, wide, hintPanel, sideRound, clientSeed, history, tableNames, money }: {
  view: TableView;
  you: YouView;
  compact: boolean;
  open: boolean;
  onClose: () => void;
  sound: { readonly on: boolean; readonly onChange: (on: boolean) => void };
  wide: boolean;
  hintPanel: ReactNode | null;
  sideRound: RoundResultView | null;
  clientSeed: ClientSeed;
  history: readonly HistoryEntry[] | null;
  tableNames: ReadonlyMap<string, string>;
  money: Money;
}) {
  const { t } = useTranslation();
  return (
    <SideSheet compact={compact} open={open} onClose={onClose}>
      <SoundToggle on={sound.on} onChange={sound.onChange} />
      {compact && <TableFacts view={view} money={money} />}
      {wide && hintPanel}
      {sideRound && (
        <section className="panel" data-testid="last-round-panel" data-round-id={sideRound.roundId}>
          {/* "This round" only while no other round is in play (betting); else it is the last round at the table. */}
          <h2 data-testid="last-round-panel-title">{view.phase === 'betting' && viewerPlayed(sideRound) ? t('table.roundPlayers') : t('table.lastRoundPanel')}</h2>
          <p className="muted">{t('table.lastRoundBanker', { name: sideRound.banker.kind === 'house' ? t('table.theHouseInline') : sideRound.banker.nickname })}</p>
          <RoundPlayers round={sideRound} money={money} />
        </section>
      )}
      {view.fairness && (
        <FairnessPanel
          fairness={view.fairness}
          clientSeed={clientSeed}
          banker={you.role === 'banker'}
          spectator={you.seat === null && you.role !== 'banker'}
          locked={you.ready || view.fairness.clientSeeds !== null || (you.role === 'banker' && view.banker.kind === 'player' && view.banker.approved)}
        />
      )}
      <History entries={history} money={money} tableNames={tableNames} />
      {view.config.fortunePayTable && (
        <FortunePayTable payTable={view.config.fortunePayTable} limits={view.config.limits.fortune} envy={view.config.envyBonus} money={money} />
      )}
    </SideSheet>
  );
}
