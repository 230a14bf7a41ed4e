import { describe, expect, it } from 'vitest';
import { ok } from '@paigow/engine';
import { RESERVED_NICKNAMES, validateNickname } from './nickname.js';

describe('validateNickname', () => {
  it('accepts letters of any script, digits, spaces, _ and -, trimmed', () => {
    expect(validateNickname('  Ada_Lovelace-1815 ')).toEqual(ok('Ada_Lovelace-1815'));
    expect(validateNickname('Дмитрий')).toEqual(ok('Дмитрий'));
    expect(validateNickname('José García')).toEqual(ok('José García'));
    expect(validateNickname('李小龙')).toEqual(ok('李小龙'));
    expect(validateNickname('x')).toEqual(ok('x'));
  });

  it('normalizes to NFC and counts characters, not UTF-16 units', () => {
    expect(validateNickname('Jose\u0301')).toEqual(ok('José'));
    expect(validateNickname('é'.repeat(20))).toEqual(ok('é'.repeat(20)));
    expect(validateNickname('𝒜'.repeat(20)).ok).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['a'.repeat(21), 'too long'],
    ['bob!', 'punctuation'],
    ['<script>', 'markup'],
    ['a\tb', 'a tab'],
    ['a\nb', 'a newline'],
    ['🂡 ace', 'an emoji'],
    ['a.b', 'a dot'],
  ])('refuses %j (%s) with auth/invalid-nickname', (raw) => {
    const result = validateNickname(raw);
    expect(result.ok ? undefined : result.error.code).toBe('auth/invalid-nickname');
  });

  it.each([
    ['House'],
    ['DEALER'],
    ['banker'],
    ['Bank'],
    ['The House'],
    ['the_house'],
    ['D-e-a-l-e-r'],
    [' b a n k e r '],
    ['Croupier'],
    ['Le Croupier'],
    ['El Crupier'],
    ['Casino'],
    ['Das Haus'],
    ['Geber'],
    ['Bankhalter'],
    ['Spielbank'],
    ['La casa'],
    ['Banca'],
    ['Banquero'],
    ['La maison'],
    ['Banquier'],
    ['Banque'],
    ['Казино'],
    ['Банкир'],
    ['банк'],
    ['Крупье'],
    ['ДИЛЕР'],
    // Letters of another script that look the same (a Cyrillic о, е, а; a Latin o in казино).
    ['Hоuse'],
    ['Dеаler'],
    ['казин' + 'o'],
    // Accents do not make another word.
    ['Déaler'],
  ])('refuses %j, a word the table uses for the house, the dealer or the banker (auth/invalid-nickname)', (raw) => {
    const result = validateNickname(raw);
    expect(result.ok ? undefined : result.error).toEqual({
      code: 'auth/invalid-nickname',
      message: 'that nickname is the name of the house, the dealer or the banker at the table: pick another',
    });
  });

  it('keeps names that only contain such a word', () => {
    for (const name of ['Housemate', 'Bankside', 'Dealer 2', 'Casanova', 'Banks', 'Haussmann', 'Ada House', 'Le Bon', 'Elena']) {
      expect(validateNickname(name), name).toEqual(ok(name));
    }
  });

  it('lists the words of all five languages the web client plays in', () => {
    for (const word of ['house', 'dealer', 'banker', 'bank', 'croupier', 'geber', 'bankhalter', 'banca', 'banquero', 'crupier', 'banque', 'banquier', 'maison', 'дилер', 'банкир', 'банк', 'казино', 'крупье']) {
      expect(RESERVED_NICKNAMES, word).toContain(word);
    }
  });
});
