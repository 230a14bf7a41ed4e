import { describe, expect, it } from 'vitest';
import { skeletonMatcher } from './nickname-skeleton.js';

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
});
