/**
 * Guest nicknames.
 */
import { err, ok, type Result } from '@paigow/engine';

/** The longest nickname, in characters (Unicode code points). */
export const NICKNAME_MAX_LENGTH = 20;

/** Letters of any script (with their combining marks), decimal digits, space, `_` and `-`. */
const NICKNAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} _-]+$/u;

/**
 * Checks a guest's nickname and returns it cleaned: Unicode-normalized (NFC) and trimmed, then
 * 1 to 20 characters, each a letter (any script), a digit, a space, `_` or `-`.
 * @returns the cleaned nickname, or `auth/invalid-nickname`.
 */
export function validateNickname(raw: string): Result<string> {
  const nickname = raw.normalize('NFC').trim();
  const length = [...nickname].length;
  if (length === 0) return err('auth/invalid-nickname', 'the nickname is empty');
  if (length > NICKNAME_MAX_LENGTH) {
    return err('auth/invalid-nickname', `the nickname is longer than ${NICKNAME_MAX_LENGTH} characters`);
  }
  if (!NICKNAME_CHARACTERS.test(nickname)) {
    return err('auth/invalid-nickname', 'a nickname holds only letters, digits, spaces, _ and -');
  }
  return ok(nickname);
}
