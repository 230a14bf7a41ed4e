import { describe, expect, it } from 'vitest';
import { languageToSave } from './useAccountLanguage.js';

describe('languageToSave', () => {
  it('saves a language the player switched to', () => {
    expect(languageToSave('fr', 'en', '')).toBe('fr');
    expect(languageToSave('ru', null, '')).toBe('ru');
  });

  it('does not save the language a link names with ?lang= (the player tester: a ?lang=de link switched the account for good)', () => {
    expect(languageToSave('de', 'en', '?lang=de')).toBeNull();
    expect(languageToSave('de', null, '?lang=de')).toBeNull();
  });

  it('saves a language switched to while the address names another', () => {
    expect(languageToSave('fr', 'en', '?lang=de')).toBe('fr');
  });

  it('saves nothing when the account has it already, or for the pseudo-locale', () => {
    expect(languageToSave('en', 'en', '')).toBeNull();
    expect(languageToSave('en-XA', 'en', '?lang=pseudo')).toBeNull();
  });
});
