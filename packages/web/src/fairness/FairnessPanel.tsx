/**
 * The provably fair round at the table (fairness.md): the commitment of the round being bet on or played,
 * published before its first bet, and the player's client seed, random by default, editable until Deal
 * (or, for a banker, its approval) locks it; once dealt, the hands' client seeds.
 */
import { useTranslation } from 'react-i18next';
import type { FairnessView } from '@paigow/protocol';
import { errorMessage } from '../app/i18n/index.js';
import { newTabHref } from '../app/session.js';
import type { ClientSeed } from './client-seed.js';

/** The fairness panel (`fairness-panel`): `fairness-commitment`, `client-seed` (an input), `fairness-client-seeds`. */
export function FairnessPanel({ fairness, clientSeed, locked, banker = false, spectator = false }: {
  fairness: FairnessView;
  clientSeed: ClientSeed;
  /** The seed is locked: the player pressed Deal (or the banker approved), or the round is dealt. */
  locked: boolean;
  /** The viewer banks this round: it has no Deal, its seed locks when it approves (or Auto-approve does). */
  banker?: boolean;
  /**
   * The viewer has no seat (and does not bank): it is offered no seed to edit, having no Deal to lock it with (a player
   * stood up by a timer was told "you may change it until you press Deal" beside a Sit down button).
   */
  spectator?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // A refused seed marks the field invalid and names the message (fairness.md §2: the seed must be valid to deal).
  const refused = clientSeed.error !== null && !locked && !spectator && fairness.clientSeeds === null;
  return (
    <section className="panel fairness" data-testid="fairness-panel" data-round-id={fairness.roundId}>
      <h2>{t('fairness.title')}</h2>
      <p className="muted">{t('fairness.commitmentLabel')}</p>
      <code className="fairness__hash" data-testid="fairness-commitment" title={fairness.commitment}>
        {fairness.commitment}
      </code>
      {fairness.clientSeeds !== null ? (
        <>
          <p className="muted fairness__seeds" data-testid="fairness-client-seeds">
            {t('fairness.clientSeedsDealt', { seeds: fairness.clientSeeds })}
          </p>
          {/* A player read "0:" as no seat of the table's, which calls it Seat 1 (the Verify page said so, the table did not).
              A paragraph of its own: after the seeds, with no full stop between, the two sentences ran together. */}
          <p className="muted" data-testid="fairness-client-seeds-note">
            {t('verify.clientSeedsNote')}
          </p>
        </>
      ) : (
        !spectator && (
          <label className="fairness__seed">
            <span className="muted">{t(banker ? 'fairness.clientSeedLabelBanker' : 'fairness.clientSeedLabel')}</span>
            <input
              data-testid="client-seed"
              value={clientSeed.seed}
              maxLength={64}
              disabled={locked}
              spellCheck={false}
              aria-invalid={refused}
              aria-describedby={refused ? 'client-seed-error' : undefined}
              onChange={(e) => clientSeed.edit(e.target.value)}
            />
          </label>
        )
      )}
      {refused && clientSeed.error !== null && (
        <p className="error" id="client-seed-error" data-testid="client-seed-error">
          {errorMessage(t, clientSeed.error)}
        </p>
      )}
      <p className="muted">{t('fairness.explain')}</p>
      <a href={newTabHref({ screen: 'fairness-audit' }, i18n.language)} target="_blank" rel="noopener" data-testid="fairness-audit-link">
        {t('audit.link')}
      </a>
    </section>
  );
}
