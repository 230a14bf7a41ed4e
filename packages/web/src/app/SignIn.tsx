/** Guest sign-in (docs/protocol.md "Connecting", step 1): a nickname, then the lobby. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cards as parse } from '@paigow/engine';
import { ApiError, type Api } from '../net/http.js';
import { PlayingCard } from '../table-ui/Card.js';
import type { TFunction } from 'i18next';
import { errorMessage } from './i18n/index.js';
import type { Session } from './session.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { HelpButton } from '../help/HelpButton.js';

const HERO = parse('As Kh Jk Qd Ts');

/** A nickname's most characters (docs/protocol.md `POST /api/guest`: 1 to 20, counted after trimming). */
export const NICKNAME_MAX = 20;

/**
 * The count under the nickname field, "7/20": the field takes no more than `NICKNAME_MAX`, and a player who typed
 * on saw nothing say so ("Quentin the Magnificent" became "Quentin the Magnific"). Characters, as the server counts
 * them, not UTF-16 units.
 */
export function nicknameCount(nickname: string): { readonly text: string; readonly full: boolean } {
  const used = [...nickname.trim()].length;
  return { text: `${used}/${NICKNAME_MAX}`, full: used >= NICKNAME_MAX };
}
const TILT = [-14, -7, 0, 7, 14];

/**
 * What the sign-in form says of a refused join: the error's text, except a guest limit that lasts a minute or more
 * (`429 rate/limited` with `Retry-After`, 20 guests per address per 10 minutes), which says how many minutes, not
 * "wait a moment" (a player's finding: a French page asked for a moment where the wait was up to 10 minutes).
 */
export function signInErrorText(t: TFunction, error: ApiError): string {
  if (error.code === 'rate/limited' && error.retryAfterS !== null && error.retryAfterS >= 60) {
    return t('signIn.tooManyGuests', { count: Math.ceil(error.retryAfterS / 60) });
  }
  return errorMessage(t, error.code);
}

/**
 * Why the join did not go ahead: no nickname typed (said on Join, which is never disabled for it: a tester found it
 * disabled with no reason given), or the server's refusal.
 */
export type SignInProblem = { readonly kind: 'empty' } | { readonly kind: 'refused'; readonly error: ApiError };

/**
 * The codes of a refused join that are about the nickname typed, each with its own message (docs/protocol.md
 * `POST /api/guest`): `auth/invalid-nickname` (length, characters: "a!b"), `auth/reserved-nickname` ("Dealer").
 */
export const NICKNAME_CODES: readonly string[] = ['auth/invalid-nickname', 'auth/reserved-nickname'];

/** The text of `problem`: `signIn.nicknameEmpty`, or `signInErrorText` of the refusal. */
export function signInProblemText(t: TFunction, problem: SignInProblem): string {
  return problem.kind === 'empty' ? t('signIn.nicknameEmpty') : signInErrorText(t, problem.error);
}

/**
 * The nickname field's state for `problem`: `invalid` (`aria-invalid`) when it is about the nickname, and the ids
 * that describe the field (`aria-describedby`): its count, then the message (`nickname-error`) when invalid.
 */
export function nicknameField(problem: SignInProblem | null): { readonly invalid: boolean; readonly describedBy: string } {
  const invalid = problem !== null && (problem.kind === 'empty' || NICKNAME_CODES.includes(problem.error.code));
  return { invalid, describedBy: invalid ? 'nickname-count nickname-error' : 'nickname-count' };
}

/**
 * The sign-in screen: `POST /api/guest` with the nickname typed (refusals shown by error code; a refused or missing
 * nickname marks the field invalid and links it to the message), then `onSignedIn`.
 */
export function SignIn({ api, onSignedIn }: { api: Api; onSignedIn: (s: Session) => void }) {
  const { t } = useTranslation();
  const [nickname, setNickname] = useState('');
  const count = nicknameCount(nickname);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const field = nicknameField(problem);
  const input = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (nickname.trim() === '') {
      setProblem({ kind: 'empty' });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { token, player } = await api.guest(nickname);
      onSignedIn({ token, player });
    } catch (err) {
      setProblem({ kind: 'refused', error: err instanceof ApiError ? err : new ApiError('network', err instanceof Error ? err.message : String(err)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="screen screen--signin">
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
            maxLength={NICKNAME_MAX}
            autoComplete="nickname"
            ref={input}
            aria-invalid={field.invalid || undefined}
            aria-describedby={field.describedBy}
            placeholder={t('signIn.placeholder')}
            onChange={(e) => {
              setNickname(e.target.value);
              // "Type a nickname" is answered once one is typed.
              if (problem?.kind === 'empty') setProblem(null);
            }}
            autoFocus
          />
          <span id="nickname-count" className={`field__count${count.full ? ' field__count--full' : ''}`} data-testid="nickname-count">
            {count.text}
          </span>
        </div>
        <button className="btn btn--gold btn--big" data-testid="join" type="submit" disabled={busy} style={{ width: '100%' }}>
          {busy ? t('signIn.joining') : t('signIn.join')}
        </button>
        <p id="nickname-error" className="error-toast" data-testid="error" hidden={problem === null} role="alert" style={{ marginTop: 12 }}>
          {problem ? signInProblemText(t, problem) : ''}
        </p>
        <p className="note">{t('signIn.note')}</p>
      </form>
    </main>
  );
}
