/**
 * Bulk mode's line splitter (`forEachLine`) and its bad lines (`runBulk`): linear work on a line of any length,
 * and a line past `MAX_LINE_CHARS` reported in place with a short `cards` field, the next line still read.
 */

import { Readable, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forEachLine, MAX_LINE_CHARS, runBulk } from './io.js';

/** A text stream of `chunks`, each delivered as it is. */
const streamOf = (chunks: readonly string[]): Readable => Readable.from(chunks.map((chunk) => Buffer.from(chunk)), { objectMode: false });

/** The lines `forEachLine` visits in `chunks`, each with whether it was cut. */
async function linesOf(chunks: readonly string[]): Promise<[string, boolean][]> {
  const lines: [string, boolean][] = [];
  await forEachLine(streamOf(chunks), (line, cut) => lines.push([line, cut]));
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe('forEachLine', () => {
  it('visits every line, LF or CRLF, a last line without a newline too, across any chunking', async () => {
    const text = 'As Ks Qs Js Ts\r\n2c 3d\n\nJk As Kd 9c 7h 5s 3d';
    const expected: [string, boolean][] = [
      ['As Ks Qs Js Ts', false],
      ['2c 3d', false],
      ['', false],
      ['Jk As Kd 9c 7h 5s 3d', false],
    ];
    expect(await linesOf([text])).toEqual(expected);
    for (const size of [1, 2, 3, 7]) {
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
      expect(await linesOf(chunks)).toEqual(expected);
    }
    expect(await linesOf([])).toEqual([]);
    expect(await linesOf(['a\n'])).toEqual([['a', false]]);
  });

  it('never searches the same characters for a newline twice (it searched a long line again at each chunk)', async () => {
    const chunk = 'x'.repeat(1 << 16);
    const chunks = Array.from({ length: 40 }, () => chunk);
    chunks.push('\nAs Ks Qs Js Ts\n');
    const total = chunks.reduce((n, c) => n + c.length, 0);
    // Characters each newline search looks at: from its start to the newline found, or to the string's end.
    let searched = 0;
    const indexOf = String.prototype.indexOf;
    vi.spyOn(String.prototype, 'indexOf').mockImplementation(function (this: string, search: string, from?: number) {
      const found = indexOf.call(this, search, from);
      if (search === '\n') searched += (found === -1 ? this.length : found + 1) - Math.max(0, from ?? 0);
      return found;
    });
    const lines = await linesOf(chunks);
    vi.restoreAllMocks();
    expect(lines).toEqual([
      ['x'.repeat(MAX_LINE_CHARS), true],
      ['As Ks Qs Js Ts', false],
    ]);
    expect(searched).toBeLessThanOrEqual(total);
  });

  it('hands a line past MAX_LINE_CHARS over cut to that length, split anywhere', async () => {
    const long = 'As '.repeat(2000);
    expect(await linesOf([long.slice(0, 999), long.slice(999, 1001), long.slice(1001), '\n2c 3d'])).toEqual([
      [long.slice(0, MAX_LINE_CHARS), true],
      ['2c 3d', false],
    ]);
    // Exactly MAX_LINE_CHARS characters (and a CR before the LF) is a line like any other.
    const exact = 'a'.repeat(MAX_LINE_CHARS);
    expect(await linesOf([`${exact}\r\n`, exact])).toEqual([
      [exact, false],
      [exact, false],
    ]);
  });
});

describe('runBulk', () => {
  it('reports a line of 5 MB as a bad line with a short cards field, and reads the next line', async () => {
    const long = 'As Kd '.repeat(900_000);
    let out = '';
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const input = streamOf(Array.from({ length: Math.ceil(long.length / 65_536) }, (_, i) => long.slice(i * 65_536, (i + 1) * 65_536)).concat('\nAs Ks Qs Js Ts'));
    await runBulk(5, (line, cards) => JSON.stringify({ cards: line, n: cards.length }), input, output);
    const lines = out.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      { cards: `${long.slice(0, 40)}…`, error: `line longer than ${MAX_LINE_CHARS.toLocaleString('en-US')} characters: not a hand of 5 cards`, code: 'card/malformed' },
      { cards: 'As Ks Qs Js Ts', n: 5 },
    ]);
  });
});
