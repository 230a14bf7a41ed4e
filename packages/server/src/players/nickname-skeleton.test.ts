import { describe, expect, it } from 'vitest';
import { drawnAsStrokes, skeletonMatcher } from './nickname-skeleton.js';

const LATIN = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The alphabets of "fancy text" generators, a to z, and the other letters they use for a Latin one. Each letter must
 * read as its Latin letter, or a reserved word drawn in it (`ᕼᗝᑌᔕᗴ`, `ꃅꂦꀎꌚꍟ`) passes as a name.
 */
const FANCY_ALPHABETS: Readonly<Record<string, { letters: string; variants: Readonly<Record<string, string>> }>> = {
  'Canadian Syllabics': { letters: 'ᗩᗷᑕᗪᗴᖴǤᕼIᒍKᒪᗰᑎᗝᑭᑫᖇᔕTᑌᐯᗯ᙭Yᘔ', variants: {} },
  'Yi syllables': { letters: 'ꍏꌃꉓꀸꍟꎇꁅꃅꀤꀭꀘ꒒ꂵꈤꂦꉣꆰꋪꌗ꓄ꀎꃴꅏꊼꌩꁴ', variants: { ꌚ: 's', ꃳ: 'b' } },
};

describe('nickname skeletons', () => {
  it.each(Object.entries(FANCY_ALPHABETS))('read every letter of the %s fancy-text alphabet as its Latin letter', (_, { letters, variants }) => {
    const pairs = [...[...letters].map((letter, index) => [letter, LATIN[index]]), ...Object.entries(variants)];
    expect(pairs).toHaveLength([...letters].length + Object.keys(variants).length);
    const misread = pairs.filter(([fancy, latin]) => !skeletonMatcher([latin])(fancy)).map(([fancy, latin]) => `${fancy} ${latin}`);
    expect(misread).toEqual([]);
  });

  it('match a phrase: an article or none, then words and qualifiers run together, a word among them', () => {
    const matches = skeletonMatcher(['dealer', 'bank'], { articles: ['the'], qualifiers: ['team', 'floor'] });
    for (const text of ['Dealer', 'The Dealer', 'Dealer Team', 'Team Dealer', 'The Floor Dealer Team', 'Bank Dealer', 'ꓓealer Τeam']) {
      expect(matches(text), text).toBe(true);
    }
    for (const text of ['Team', 'The Floor Team', 'Dealer The', 'The The Dealer', 'Dealers', 'Ada Dealer', 'Dealer Teams']) {
      expect(matches(text), text).toBe(false);
    }
  });

  it('tell a word drawn as strokes', () => {
    for (const word of ['I', 'II', 'III', 'l', 'Il', 'ǀ', 'ǁ', 'Ӏ', 'ا', 'ㅣ', 'Ｉ', '𝐈']) expect(drawnAsStrokes(word), word).toBe(true);
    for (const word of ['Li', 'i', 'L', 'Ilya', 'IV', 'ı', '이']) expect(drawnAsStrokes(word), word).toBe(false);
  });
});
