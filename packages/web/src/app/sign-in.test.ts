/**
 * The sign-in field's count (a player's finding: "Quentin the Magnificent" became "Quentin the Magnific" as the
 * field took no more, and nothing said so): "n/20" under the field, marked once the nickname is full.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Api } from '../net/http.js';
import { createI18n } from './i18n/index.js';
import { NICKNAME_MAX, SignIn, nicknameCount } from './SignIn.js';

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
