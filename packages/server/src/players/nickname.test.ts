import { describe, expect, it } from 'vitest';
import { ok } from '@paigow/engine';
import { validateNickname } from './nickname.js';

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
});
