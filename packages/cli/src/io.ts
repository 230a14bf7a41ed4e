/**
 * Output and failure conventions shared by every command (interfaces.md):
 * `--json` prints one JSON document on stdout; bad input exits with status 2 and one line on
 * stderr naming the problem (`paigow: card 'Zz' is not a card`), with nothing on stdout.
 * Bulk mode (`paigow eval -`, `paigow set -`) reads one hand per line from stdin and writes one JSON line per hand.
 */

import { cardTexts, compareForDisplay, parseCard, parseCards, parseHand, type Card, type Hand, type Result } from '@paigow/engine';

/** Exit status for bad input (interfaces.md). */
export const EXIT_BAD_INPUT = 2;

/** Thrown by a command on bad input; `main` prints `paigow: <message>` and exits with status 2. */
export class UsageError extends Error {}

/** Prints `paigow: <message>` on stderr, on one line whatever the message holds, and exits with status 2 (bad input). */
export function failUsage(message: string): never {
  process.stderr.write(`paigow: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(EXIT_BAD_INPUT);
}

/** Prints one JSON document on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** Prints text on stdout, adding the final newline. */
export function printText(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * Parses the cards a command was given, as one quoted argument or as separate arguments
 * (interfaces.md, "Card text").
 * @param args the command's card arguments
 * @param count the number of cards required (5 for a high hand, 2 for a low hand; a hand: `parseHandArgs`)
 * @throws UsageError with the engine's message (`card/malformed`, `card/duplicate`,
 *   `card/second-joker`, `card/wrong-count`)
 */
export function parseCardArgs(args: readonly string[], count: number): Card[] {
  const parsed = parseCards(args, count);
  if (!parsed.ok) throw new UsageError(parsed.error.message);
  return parsed.value;
}

/**
 * Parses the seven cards of a hand a command was given, as one quoted argument or as separate
 * arguments (interfaces.md, "Card text"): checked once here, a `Hand` from then on.
 * @throws UsageError with the engine's message (`card/malformed`, `card/duplicate`,
 *   `card/second-joker`, `card/wrong-count`)
 */
export function parseHandArgs(args: readonly string[]): Hand {
  const parsed = parseHand(args);
  if (!parsed.ok) throw new UsageError(parsed.error.message);
  return parsed.value;
}

/**
 * A setting's two hands as the CLI's JSON writes them everywhere (`set`, `settings`, `analyze`, `house-way diff`):
 * canonical card texts, each hand highest card first (the engine's display order, `compareForDisplay`: the joker
 * above the aces, equal ranks in suit order s h d c), the order in which the house way's settings come.
 */
export function settingCards(setting: { readonly high: readonly Card[]; readonly low: readonly Card[] }): { high: string[]; low: string[] } {
  return { high: cardTexts([...setting.high].sort(compareForDisplay)), low: cardTexts([...setting.low].sort(compareForDisplay)) };
}

/** The word separators of `parseCards` (engine notation module): whitespace and commas. */
const SEPARATORS = /[\s,]+/;
/** Most distinct words the bulk parser remembers (garbage input must not grow memory). */
const WORD_CACHE_LIMIT = 10_000;

/**
 * `parseCards(line, count)` for bulk mode, faster on the common case: each word's `parseCard`
 * result is remembered, and any line that is not `count` valid distinct cards is handed to
 * `parseCards` itself, so results and error messages are exactly the engine's.
 */
export function createLineParser(count: number): (line: string) => Result<Card[]> {
  const words = new Map<string, Card>();
  const seen = new Int32Array(53);
  let stamp = 0;
  return (line) => {
    stamp++;
    const cards: Card[] = [];
    for (const word of line.split(SEPARATORS)) {
      if (word.length === 0) continue;
      let card = words.get(word);
      if (card === undefined) {
        const parsed = parseCard(word);
        if (!parsed.ok) return parseCards(line, count);
        card = parsed.value;
        if (words.size < WORD_CACHE_LIMIT) words.set(word, card);
      }
      if (seen[card] === stamp || cards.length === count) return parseCards(line, count);
      seen[card] = stamp;
      cards.push(card);
    }
    return cards.length === count ? { ok: true, value: cards } : parseCards(line, count);
  };
}

/**
 * Whether a command's card arguments ask for bulk mode: `-` alone (read hands from stdin).
 * @throws UsageError when `-` comes with other cards
 */
export function readsStdin(args: readonly string[]): boolean {
  if (!args.includes('-')) return false;
  if (args.length !== 1) throw new UsageError("'-' (read hands from stdin) takes no other cards");
  return true;
}

/**
 * Bulk mode (interfaces.md): reads hands of `count` cards from `input`, one per line, and writes one
 * JSON line per hand to `output`: `render(line, cards)` for a good line (`line` as read), or
 * `{"cards": "<the line>", "error": "<message>", "code": "<error code>"}` for a bad one; the run goes on. A line
 * longer than `MAX_LINE_CHARS` is a bad one (`card/malformed`) whose `"cards"` holds its first
 * `CUT_LINE_SHOWN_CHARS` characters and `…`.
 * @param render one JSON object, without the newline, for a line of `count` valid distinct cards
 */
export async function runBulk(
  count: number,
  render: (line: string, cards: Card[]) => string,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const writer = new LineWriter(output);
  const parseLine = createLineParser(count);
  const tooLong = JSON.stringify(`line longer than ${formatCount(MAX_LINE_CHARS)} characters: not a hand of ${count} cards`);
  await forEachLine(
    input,
    (line, cut) => {
      if (cut) {
        writer.line(`{"cards":${JSON.stringify(`${line.slice(0, CUT_LINE_SHOWN_CHARS)}…`)},"error":${tooLong},"code":"card/malformed"}`);
        return;
      }
      const parsed = parseLine(line);
      writer.line(
        parsed.ok ? render(line, parsed.value) : `{"cards":${JSON.stringify(line)},"error":${JSON.stringify(parsed.error.message)},"code":"${parsed.error.code}"}`,
      );
    },
    () => writer.drain(),
  );
  await writer.end();
}

/**
 * The one of `choices` that `text` names, read in any case as house-way names are (`--player OPTIMAL-GLOBAL`,
 * `--wheel LOW`); `undefined` when it names none.
 */
export function choiceInAnyCase<T extends string>(choices: readonly T[], text: string): T | undefined {
  const wanted = text.toLowerCase();
  return choices.find((choice) => choice.toLowerCase() === wanted);
}

/** `1 thread`, `2 threads`: a count of worker threads for readable output. */
export function formatThreads(threads: number): string {
  return `${threads} thread${threads === 1 ? '' : 's'}`;
}

/** How a column of `formatTable` is aligned. */
export type Align = 'left' | 'right';

/**
 * A plain-text table: a header row, a rule, then the rows; columns padded to their widest cell.
 * @param align per column, default left
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (align[i] === 'right' ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** An integer with thousands separators (`154,143,080`). */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/**
 * Longest line bulk mode reads, in characters (UTF-16 code units, the line ending not counted): a hand is 5 or 7
 * cards, some 20 characters. A longer line is handed on cut (`forEachLine`) and reported as a bad line (`runBulk`):
 * a line of megabytes once took minutes (each chunk searched the whole line again) and was copied whole into its
 * error.
 */
export const MAX_LINE_CHARS = 1000;

/** Characters of a line past `MAX_LINE_CHARS` that its error's `"cards"` keeps (then `…`). */
export const CUT_LINE_SHOWN_CHARS = 40;

/**
 * Calls `visit` with each line of a text stream, without its line ending (`\n` or `\r\n`), in order.
 * A final line without a newline is visited too; an empty stream visits nothing.
 * Linear in the input: each chunk is searched once for newlines, from where the last search ended, and a line
 * is kept only up to `maxChars` characters. A longer line is visited once, as its first `maxChars` characters with
 * `cut` true; the rest of it is skipped unread into memory, up to its newline.
 * `afterChunk`, when given, is awaited after each chunk of input (e.g. to let the output drain).
 * @param maxChars the longest line visited whole (default `MAX_LINE_CHARS`)
 */
export async function forEachLine(
  stream: NodeJS.ReadableStream,
  visit: (line: string, cut: boolean) => void,
  afterChunk?: () => Promise<void> | void,
  maxChars = MAX_LINE_CHARS,
): Promise<void> {
  stream.setEncoding('utf8');
  // The current line's first characters: at most maxChars + 1 (room for a CR before the LF).
  let rest = '';
  // The current line went past maxChars + 1 characters: the rest of it is skipped.
  let over = false;
  const append = (chunk: string, from: number, to: number): void => {
    if (over || from === to) return;
    const room = maxChars + 1 - rest.length;
    if (to - from > room) {
      rest += chunk.slice(from, from + room);
      over = true;
    } else {
      rest += chunk.slice(from, to);
    }
  };
  const endLine = (): void => {
    const line = rest.endsWith('\r') && !over ? rest.slice(0, -1) : rest;
    if (over || line.length > maxChars) visit(line.slice(0, maxChars), true);
    else visit(line, false);
    rest = '';
    over = false;
  };
  for await (const data of stream) {
    const chunk = data as string;
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      append(chunk, start, nl);
      endLine();
      start = nl + 1;
    }
    append(chunk, start, chunk.length);
    if (afterChunk) await afterChunk();
  }
  if (rest.length > 0) endLine();
}

/**
 * Buffers output lines and writes them to a stream in large chunks (bulk mode writes a million
 * lines in a few seconds). Call `drain()` between input chunks to respect backpressure, and
 * `end()` at the end. A closed pipe (`paigow eval - | head`) ends the process quietly.
 */
export class LineWriter {
  private pending = '';
  private waiting: Promise<void> | undefined;

  constructor(private readonly stream: NodeJS.WritableStream = process.stdout, private readonly chunkChars = 1 << 16) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      throw error;
    });
  }

  /** Queues one line (the newline is added). */
  line(text: string): void {
    this.pending += `${text}\n`;
    if (this.pending.length >= this.chunkChars) this.flush();
  }

  /** Resolves once the stream has taken everything written so far. */
  async drain(): Promise<void> {
    if (this.waiting) await this.waiting;
  }

  /** Writes what is buffered and resolves once the stream has taken it. */
  async end(): Promise<void> {
    this.flush();
    await this.drain();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending;
    this.pending = '';
    if (!this.stream.write(text) && !this.waiting) {
      this.waiting = new Promise((resolve) =>
        this.stream.once('drain', () => {
          this.waiting = undefined;
          resolve();
        }),
      );
    }
  }
}

/**
 * A commander option parser for a whole number in [min, max], written in decimal digits with optional
 * `_` separators (`--threads 2`, `--rounds 1_000_000`). Refuses anything else (`1e3`, `0x10`, `2.5`, `-1`)
 * with a `UsageError` naming the option.
 */
export function integerOption(name: string, min: number, max = Number.MAX_SAFE_INTEGER): (text: string) => number {
  return (text) => {
    const n = /^\d+(?:_\d+)*$/.test(text) ? Number(text.replace(/_/g, '')) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new UsageError(`${name} must be a whole number from ${formatCount(min)} to ${formatCount(max)}, got '${text}'`);
    }
    return n;
  };
}
