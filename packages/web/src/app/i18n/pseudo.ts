/**
 * The pseudo-locale (`en-XA`, `?lang=pseudo`): the English catalog with every letter accented and
 * every string about 30% longer, to see at a glance what escaped the catalogs (plain English stays
 * plain) and whether the layout survives longer languages. Placeholders (`{{name}}`, `{{name, list}}`) stay intact.
 */
import type { Translation } from './translation.js';
import type { Catalog } from './en.js';

/** The pseudo-locale's language tag (the CLDR's pseudo-locale with accents, "en-XA"). */
export const PSEUDO_LANGUAGE = 'en-XA';

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** `text` with every plain Latin letter accented (`and` → `áñð`): what Intl adds to a pseudo-localized text, a list's "and". */
export function accentLetters(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);
}

/**
 * One string pseudo-localized: letters outside `{{…}}` accented, then padded with `~` groups to about
 * 130% of its length (an empty string stays empty, so optional texts stay absent).
 */
export function pseudoString(text: string): string {
  if (text === '') return text;
  const accented = text
    .split(/(\{\{[^}]*\}\})/)
    .map((part, i) => (i % 2 === 1 ? part : accentLetters(part)))
    .join('');
  const letters = text.replace(/\{\{[^}]*\}\}/g, '').length;
  // Padding in short groups (" ~~~~"), so a long text can still wrap as a longer language's would.
  const pad = ' ~~~~'.repeat(Math.ceil(letters * 0.3 / 5) + 1).slice(1, Math.max(2, Math.ceil(letters * 0.3) + 1));
  return `${accented}${pad}`;
}

function pseudoTree(value: unknown): unknown {
  if (typeof value === 'string') return pseudoString(value);
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, pseudoTree(v)]));
}

/** The pseudo-locale's catalog: `catalog` (the English one) with every string pseudo-localized. */
export function pseudoCatalog(catalog: Catalog): Translation {
  return pseudoTree(catalog) as Translation;
}
