/**
 * The sign-in field's count (a player's finding: "Quentin the Magnificent" became "Quentin the Magnific" as the
 * field took no more, and nothing said so): "n/20" under the field, marked once the nickname is full. A keyboard and
 * screen-reader tester's: Join was disabled with no reason while the field was empty; the nickname's error was not
 * tied to the field (no aria-invalid, no aria-describedby); "Dealer" and "a!b" read the same message.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, type Api } from '../net/http.js';
import { createI18n, LANGUAGES } from './i18n/index.js';
import { NICKNAME_MAX, SignIn, nicknameCount, nicknameField, signInErrorText, signInProblemText } from './SignIn.js';

describe('the nickname count', () => {
  it('counts characters as the server does (trimmed, not UTF-16 units) and says when the nickname is full', () => {
    expect(nicknameCount('')).toEqual({ text: `0/${NICKNAME_MAX}`, full: false });
    expect(nicknameCount('  Ada ')).toEqual({ text: '3/20', full: false });
    expect(nicknameCount('Quentin the Magnific')).toEqual({ text: '20/20', full: true });
    expect(nicknameCount('𝔄𝔡𝔞')).toEqual({ text: '3/20', full: false });
  });

  it('is under the field, named by it for screen readers', () => {
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n('en') }, createElement(SignIn, { api: {} as Api, onSignedIn: () => undefined })));
    expect(html).toContain('aria-describedby="nickname-count"');
    expect(html).toMatch(/<span id="nickname-count" class="field__count" data-testid="nickname-count">0\/20<\/span>/);
  });
});

describe('a refused join', () => {
  it('says how many minutes to wait when the guest limit holds for a minute or more, in every language', () => {
    // A player's finding: "Trop de requêtes. Patientez un instant" where the wait was up to 10 minutes.
    const limited = (seconds: number | null) => new ApiError('rate/limited', 'too many guests from this address', 429, seconds);
    const en = createI18n('en').t;
    expect(signInErrorText(en, limited(600))).toBe('Too many guests have joined from your address. Try again in 10 minutes.');
    expect(signInErrorText(en, limited(31))).toBe(en('errors.rate/limited'));
    expect(signInErrorText(en, limited(null))).toBe(en('errors.rate/limited'));
    expect(signInErrorText(en, limited(60))).toBe('Too many guests have joined from your address. Try again in 1 minute.');
    expect(signInErrorText(createI18n('fr').t, limited(541))).toBe('Trop d’invités se sont connectés depuis votre adresse. Réessayez dans 10 minutes.');
    expect(signInErrorText(createI18n('ru').t, limited(120))).toBe('С вашего адреса вошло слишком много гостей. Попробуйте снова через 2 минуты.');
    expect(signInErrorText(createI18n('ru').t, limited(300))).toBe('С вашего адреса вошло слишком много гостей. Попробуйте снова через 5 минут.');
    expect(signInErrorText(createI18n('de').t, limited(600))).toContain('in 10 Minuten erneut');
    expect(signInErrorText(createI18n('es').t, limited(60))).toContain('en 1 minuto.');
    expect(signInErrorText(en, new ApiError('auth/invalid-nickname', 'bad', 400))).toBe(en('errors.auth/invalid-nickname'));
  });
});

describe('the nickname for the keyboard and screen readers', () => {
  const render = () => renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n('en') }, createElement(SignIn, { api: {} as Api, onSignedIn: () => undefined })));

  it('leaves Join enabled with the field empty: pressed, it says why, in every language', () => {
    expect(/<button[^>]*data-testid="join"[^>]*>/.exec(render())?.[0]).not.toContain('disabled');
    for (const lng of LANGUAGES) {
      const t = createI18n(lng).t;
      expect(signInProblemText(t, { kind: 'empty' })).toBe(t('signIn.nicknameEmpty'));
      expect(t('signIn.nicknameEmpty'), lng).not.toBe('signIn.nicknameEmpty');
    }
  });

  it('marks the field invalid and links it to the message for a nickname refused or missing, not for other refusals', () => {
    expect(nicknameField(null)).toEqual({ invalid: false, describedBy: 'nickname-count' });
    const tied = { invalid: true, describedBy: 'nickname-count nickname-error' };
    expect(nicknameField({ kind: 'empty' })).toEqual(tied);
    expect(nicknameField({ kind: 'refused', error: new ApiError('auth/invalid-nickname', 'a nickname holds only letters, digits, spaces, _ and -', 400) })).toEqual(tied);
    expect(nicknameField({ kind: 'refused', error: new ApiError('auth/reserved-nickname', 'that nickname is what the table calls the house', 400) })).toEqual(tied);
    expect(nicknameField({ kind: 'refused', error: new ApiError('network', 'offline') }).invalid).toBe(false);
    expect(render()).toMatch(/<p id="nickname-error"[^>]*role="alert"/);
  });

  it.each(LANGUAGES)('says a reserved name ("Dealer") and a bad character ("a!b") apart (%s)', (lng) => {
    const t = createI18n(lng).t;
    // What the server answers for each (packages/server/src/players/nickname.ts, validateNickname).
    const reserved = signInErrorText(t, new ApiError('auth/reserved-nickname', 'that nickname is what the table calls the house, the dealer, the banker or its staff: pick another', 400));
    const character = signInErrorText(t, new ApiError('auth/invalid-nickname', 'a nickname holds only letters, digits, spaces, _ and -', 400));
    expect(reserved).not.toBe(character);
    expect(reserved).toBe(t('errors.auth/reserved-nickname'));
    expect(reserved).not.toMatch(/errors\.|auth\//);
    expect(character).toMatch(/20/);
    expect(character).toContain('_');
    expect(reserved).not.toMatch(/20/);
    // The characters' message no longer speaks of the house, the dealer, the banker or its staff.
    const staff = { en: /dealer/i, ru: /крупье/i, fr: /croupier/i, de: /Geber/, es: /repartidor/i }[lng];
    expect(reserved).toMatch(staff);
    expect(character).not.toMatch(staff);
  });
});
