/** Guest sign-in (docs/protocol.md "Connecting", step 1): a nickname, then the lobby. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cards as parse } from '@paigow/engine';
import { ApiError, type Api } from '../net/http.js';
import { PlayingCard } from '../table-ui/Card.js';
import { errorMessage } from './i18n/index.js';
import type { Session } from './session.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { HelpButton } from '../help/HelpButton.js';

const HERO = parse('As Kh Jk Qd Ts');
const TILT = [-14, -7, 0, 7, 14];

/** The sign-in screen: `POST /api/guest` with the nickname typed (refusals shown by error code), then `onSignedIn`. */
export function SignIn({ api, onSignedIn }: { api: Api; onSignedIn: (s: Session) => void }) {
  const { t } = useTranslation();
  const [nickname, setNickname] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { token, player } = await api.guest(nickname);
      onSignedIn({ token, player });
    } catch (err) {
      setError(err instanceof ApiError ? err.code : 'network');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="screen">
      <div className="hero">
        <div className="hero__cards" aria-hidden="true">
          {HERO.map((c, i) => (
            <span key={c} style={{ ['--r' as string]: `${TILT[i]}deg` }} className="hero__card">
              <PlayingCard card={c} />
            </span>
          ))}
        </div>
        <h1>{t('app.title')}</h1>
        <p>{t('app.tagline')}</p>
      </div>
      <form className="panel" onSubmit={submit}>
        <div className="signin__head">
          <h2>{t('signIn.title')}</h2>
          <LanguageSwitcher />
          <HelpButton />
        </div>
        <div className="field">
          <label htmlFor="nickname">{t('signIn.nickname')}</label>
          <input
            id="nickname"
            data-testid="nickname"
            value={nickname}
            maxLength={20}
            autoComplete="nickname"
            placeholder={t('signIn.placeholder')}
            onChange={(e) => setNickname(e.target.value)}
            autoFocus
          />
        </div>
        <button className="btn btn--gold btn--big" data-testid="join" type="submit" disabled={busy || nickname.trim() === ''} style={{ width: '100%' }}>
          {busy ? t('signIn.joining') : t('signIn.join')}
        </button>
        <p className="error-toast" data-testid="error" hidden={error === null} role="alert" style={{ marginTop: 12 }}>
          {error ? errorMessage(t, error) : ''}
        </p>
        <p className="note">{t('signIn.note')}</p>
      </form>
    </main>
  );
}
