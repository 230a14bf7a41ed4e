/**
 * The React shell: guest sign-in, the lobby and the table (rules.md §5), with the session token in
 * localStorage and the screen in the URL hash so that a reload comes back to the same place.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerSummary } from '@paigow/protocol';
import { ApiError, createApi } from '../net/http.js';
import { loadToken, parseRoute, routeHash, saveToken, type Route, type Session } from './session.js';
import { SignIn } from './SignIn.js';
import { useAccountLanguage } from './useAccountLanguage.js';
import { Lobby } from './Lobby.js';
import { TableScreen } from './TableScreen.js';
import { VerifyPage } from '../fairness/VerifyPage.js';
import { HouseWayLab } from '../lab/HouseWayLab.js';
import { CoachPage } from '../coach/CoachPage.js';
import { TrainerPage } from '../coach/TrainerPage.js';
import { DailyPage } from '../coach/DailyPage.js';
import { AuditPage } from '../fairness/AuditPage.js';

/** The whole app: sign-in until there is a session, then the lobby or the table the URL hash names. */
export function App() {
  const { t } = useTranslation();
  const api = useMemo(() => createApi(), []);
  const [session, setSession] = useState<Session | null>(null);
  const [checking, setChecking] = useState(() => loadToken() !== null);
  const [route, setRoute] = useState<Route>(() => parseRoute(window.location.hash));
  // A message for the lobby after being sent back there (e.g. a link to a table that does not exist).
  const [flash, setFlash] = useState<string | null>(null);
  // When the player last left a round of its own in play: the lobby asks for its balance until that round settles.
  const [roundLeftAtMs, setRoundLeftAtMs] = useState<number | null>(null);

  useEffect(() => {
    const onHash = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // Resume a stored session (GET /api/me); a refused token is forgotten.
  useEffect(() => {
    const token = loadToken();
    if (!token) return;
    let live = true;
    api
      .me(token)
      .then(({ player }) => live && setSession({ token, player }))
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.code === 'auth/invalid-session') saveToken(null);
      })
      .finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, [api]);

  const navigate = useCallback((next: Route) => {
    window.location.hash = routeHash(next);
    setRoute(next);
    setFlash(null);
  }, []);

  const unknownTable = useCallback(
    (tableId: string) => {
      navigate({ screen: 'lobby' });
      setFlash(t('lobby.unknownTable', { tableId }));
    },
    [navigate, t],
  );

  const signedIn = useCallback((next: Session) => {
    saveToken(next.token);
    setSession(next);
  }, []);

  const signOut = useCallback(() => {
    saveToken(null);
    setSession(null);
    navigate({ screen: 'lobby' });
  }, [navigate]);

  /**
   * Sign out chosen by the player: the token is revoked on the server too (a failure changes nothing here). The same
   * function for one session's token: the lobby refreshes when it changes, and made anew with each player update (the
   * lobby's own refresh updates the player) it had the lobby ask GET /api/tables and /api/me in a loop, some fifty a second.
   */
  const token = session?.token ?? null;
  const signOutByPlayer = useCallback(() => {
    if (token !== null) void api.signOut(token).catch(() => undefined);
    signOut();
  }, [api, token, signOut]);

  const updatePlayer = useCallback((player: Partial<PlayerSummary>) => {
    setSession((s) => (s ? { ...s, player: { ...s.player, ...player } } : s));
  }, []);
  useAccountLanguage(api, session, updatePlayer);

  // The verify page needs no sign-in: anyone may check a round's proof.
  if (route.screen === 'verify') return <VerifyPage roundId={route.roundId} you={route.you ?? null} onBack={() => navigate({ screen: 'lobby' })} />;
  // The house-way lab shows public figures: no sign-in either.
  if (route.screen === 'house-way-lab') return <HouseWayLab onLeave={() => navigate({ screen: 'lobby' })} />;
  if (route.screen === 'fairness-audit') return <AuditPage onBack={() => navigate({ screen: 'lobby' })} />;
  if (checking) return <div className="center-msg">{t('app.loading')}</div>;
  // The trainer runs in the browser (the engine's exact analysis in a worker): no sign-in.
  if (route.screen === 'trainer') return <TrainerPage player={session?.player ?? null} onBack={() => navigate({ screen: 'lobby' })} />;
  if (!session) return <SignIn api={api} onSignedIn={signedIn} />;
  if (route.screen === 'coach') return <CoachPage api={api} token={session.token} player={session.player} onBack={() => navigate({ screen: 'lobby' })} />;
  if (route.screen === 'daily') return <DailyPage api={api} token={session.token} player={session.player} onBack={() => navigate({ screen: 'lobby' })} />;
  if (route.screen === 'table') {
    return (
      <TableScreen
        key={route.tableId}
        api={api}
        session={session}
        tableId={route.tableId}
        onLeave={(roundInPlay) => {
          if (roundInPlay === true) setRoundLeftAtMs(Date.now());
          navigate({ screen: 'lobby' });
        }}
        onSessionLost={signOut}
        onPlayer={updatePlayer}
        onUnknownTable={unknownTable}
      />
    );
  }
  return (
    <Lobby
      api={api}
      session={session}
      onSit={(tableId) => navigate({ screen: 'table', tableId })}
      onSignOut={signOutByPlayer}
      onPlayer={updatePlayer}
      flash={flash}
      roundLeftAtMs={roundLeftAtMs}
    />
  );
}
