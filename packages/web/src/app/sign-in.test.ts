/**
 * The sign-in field's count (a player's finding: "Quentin the Magnificent" became "Quentin the Magnific" as the
 * field took no more, and nothing said so): "n/20" under the field, marked once the nickname is full.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, type Api } from '../net/http.js';
import { createI18n } from './i18n/index.js';
import { NICKNAME_MAX, SignIn, nicknameCount, signInErrorText } from './SignIn.js';

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
