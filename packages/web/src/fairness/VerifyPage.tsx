/**
 * The verify page (`#/verify/<roundId>`, issue 15): fetches the round's published proof
 * (`GET /api/rounds/<roundId>/fairness`, the only server call) and replays it in the browser: the
 * commitment and the deck with WebCrypto, the hands, the house-way settings and the outcomes with the
 * engine; then says "verified" or exactly what differs (the engine's codes and values, worded by the catalogs:
 * `differenceText`). No sign-in needed.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseClientSeeds, type FairnessProof, type Verification } from '@paigow/engine';
import { errorMessage } from '../app/i18n/index.js';
import { BackPage } from '../app/SiteNav.js';
import { MiniCardList, MiniHands } from '../app/MiniCards.js';
import { differenceText, outcomeText } from './fairness-text.js';
import { verifyInBrowser } from './webcrypto-deck.js';

type State =
  | { readonly kind: 'loading' }
  | { readonly kind: 'open'; readonly commitment: string }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'done'; readonly proof: FairnessProof; readonly verification: Verification };

/** Fetches and verifies the proof of `roundId`. */
async function load(roundId: string, t: ReturnType<typeof useTranslation>['t']): Promise<State> {
  let response: Response;
  try {
    response = await fetch(`/api/rounds/${encodeURIComponent(roundId)}/fairness`, { headers: { Accept: 'application/json' } });
  } catch {
    return { kind: 'failed', message: errorMessage(t, 'network') };
  }
  const body = (await response.json().catch(() => null)) as (FairnessProof & { error?: { code: string } }) | null;
  if (response.status === 409 && body !== null) return { kind: 'open', commitment: body.commitment };
  if (response.status === 404) return { kind: 'failed', message: t('verify.unknown', { roundId }) };
  if (!response.ok || body === null) return { kind: 'failed', message: errorMessage(t, body?.error?.code ?? 'network') };
  try {
    const verified = await verifyInBrowser(body);
    if (!verified.ok) return { kind: 'failed', message: `${errorMessage(t, verified.error.code)} ${verified.error.message}` };
    return { kind: 'done', proof: body, verification: verified.value };
  } catch (error) {
    return { kind: 'failed', message: (error as Error).message };
  }
}

/**
 * The verify page of `roundId`; `you` is the player's seat in the round (from 0) or `'banker'` when the page was
 * opened from its history (`null`: not known), `onBack` returns to the app.
 */
export function VerifyPage({ roundId, you = null, onBack }: { roundId: string; you?: number | 'banker' | null; onBack: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    void load(roundId, t).then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [roundId, t]);
  return (
    <BackPage current="verify" back={{ testid: 'verify-back', label: t('verify.back'), onClick: onBack }}>
      <main className="verify-page">
        <section className="panel" data-testid="verify-page" data-round-id={roundId}>
          <h1>{t('verify.title')}</h1>
          <p className="muted">{t('verify.round', { roundId })}</p>
          {/* A polite live region from the first render ("checking…"), so the verdict or the refusal is announced when it comes. */}
          <div role="status" aria-atomic="true" data-testid="verify-live">
            {state.kind === 'loading' && <p data-testid="verify-status">{t('verify.checking')}</p>}
            {state.kind === 'open' && (
              <p data-testid="verify-status" data-verified="open">
                {t('verify.open', { commitment: state.commitment })}
              </p>
            )}
            {state.kind === 'failed' && (
              <p className="error" data-testid="verify-status" data-verified="error">
                {state.message}
              </p>
            )}
            {state.kind === 'done' && <VerdictStatus verification={state.verification} />}
          </div>
          {/* What the browser recomputed is said only once it has: not for an unknown, open or unreadable round. */}
          {state.kind === 'done' && (
            <>
              <ProofFacts proof={state.proof} you={you} />
              <p className="muted" data-testid="verify-explain">
                {t('verify.explain')}
              </p>
            </>
          )}
        </section>
      </main>
    </BackPage>
  );
}

/**
 * The verdict on a proof: "verified", or what differs in the page's language (`differenceText`), then the proof's
 * facts (`ProofFacts`). The page puts the verdict alone in its live region, so that it is announced.
 */
export function Verdict({ proof, verification, you = null }: { proof: FairnessProof; verification: Verification; you?: number | 'banker' | null }) {
  return (
    <>
      <VerdictStatus verification={verification} />
      <ProofFacts proof={proof} you={you} />
    </>
  );
}

/** "verified" (`verify-status`, `data-verified`), or "not verified" and what differs (`verify-differences`). */
export function VerdictStatus({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={verification.verified ? 'verify-ok' : 'error'} data-testid="verify-status" data-verified={verification.verified ? 'yes' : 'no'}>
        <strong>{verification.verified ? t('verify.verified') : t('verify.notVerified')}</strong>
      </p>
      {!verification.verified && (
        <ul data-testid="verify-differences">
          {verification.differences.map((difference, i) => (
            <li key={i} data-code={difference.code}>
              {differenceText(t, difference)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The proof's facts, each under its heading (commitment, server seed, client seeds; a tester's: only the page's
 * title was a heading), then each seat's hand, the player's own (`you`: its seat from 0, or `'banker'`) marked
 * "(you)". The proof numbers seats from 0, as the protocol does; the page shows them from 1, as the table does
 * ("Seat 2"): each client seed is named by its seat so, and the string that is hashed ("1:fa6f…") follows, exactly
 * as published, with a note that it counts seats from 0 (a player saw "1:fa6f…" over "Seat 2 (you)" and could not
 * tell whose seed it was).
 */
export function ProofFacts({ proof, you = null }: { proof: FairnessProof; you?: number | 'banker' | null }) {
  const { t } = useTranslation();
  const seatName = (seat: number | 'banker') =>
    `${seat === 'banker' ? t('verify.banker') : t('verify.seat', { seat: seat + 1 })}${seat === you ? ` ${t('table.youMark')}` : ''}`;
  const seeds = parseClientSeeds(proof.clientSeeds);
  return (
    <div className="verify-facts">
      <h2>{t('verify.commitment')}</h2>
      <p>
        <code>{proof.commitment}</code>
      </p>
      <h2>{t('verify.serverSeed')}</h2>
      <p>
        <code data-testid="verify-server-seed">{proof.serverSeed}</code>
      </p>
      <h2>{t('verify.clientSeeds')}</h2>
      {/* A proof whose seeds do not parse is not verified (the differences say why): its string alone is shown. */}
      {seeds.ok && (
        <ul className="verify-seeds" data-testid="verify-client-seeds">
          {seeds.value.map(({ seat, seed }) => {
            const proofSeat = seat === 'B' ? 'banker' : seat;
            return (
              <li key={String(seat)} data-testid="verify-client-seed" data-seat={String(proofSeat)} data-you={proofSeat === you ? 'true' : undefined}>
                {t('verify.seedOf', { who: seatName(proofSeat) })} <code>{seed}</code>
              </li>
            );
          })}
        </ul>
      )}
      <p className="verify-seeds__hashed">
        {t('verify.clientSeedsHashed')} <code data-testid="verify-client-seeds-hashed">{proof.clientSeeds}</code>
      </p>
      <p className="muted verify-seeds__note" data-testid="verify-client-seeds-note">
        {t('verify.clientSeedsNote')}
      </p>
      <dl>
        {proof.hands.map((hand) => (
          <div key={String(hand.seat)}>
            <dt data-you={hand.seat === you ? 'true' : undefined}>{seatName(hand.seat)}</dt>
            <dd>
              {/* The cards as the page shows cards in text (suit symbols, the joker by its word), not their codes. */}
              <MiniCardList cards={hand.cards} testid="verify-hand" />
            </dd>
            <HandEnding proof={proof} seat={hand.seat} />
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * How one hand of a settled round ended, as the proof says and the browser checked: its setting (high hand, low hand)
 * and who set it, and a player's outcome against the banker (rules.md §3). Nothing for a refunded round or a proof of
 * the shared fields only (a player's finding: the page said the browser recomputed every outcome, and showed none).
 */
function HandEnding({ proof, seat }: { proof: FairnessProof; seat: number | 'banker' }) {
  const { t } = useTranslation();
  const setting = proof.settings?.find((s) => s.seat === seat);
  const outcome = proof.outcomes?.find((o) => o.seat === seat);
  return (
    <>
      {setting && (
        <dd data-testid="verify-setting" data-high={setting.high.join(' ')} data-low={setting.low.join(' ')} data-set-by={setting.setBy}>
          {t(`verify.settingBy.${setting.setBy}`)} <MiniHands high={setting.high} low={setting.low} />
        </dd>
      )}
      {outcome && (
        <dd data-testid="verify-outcome" data-outcome={outcome.outcome}>
          {t('verify.outcome', { results: outcomeText(t, outcome) })}
        </dd>
      )}
    </>
  );
}
