/**
 * The progress bar (progress.ts): a Ctrl-C while it runs gives the terminal its cursor back (an analyst's
 * terminal was left with no cursor and no line wrap), and the time left is not "0s" before anything is done.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProgress } from './progress.js';

/** A terminal as the bar sees one, keeping what is written. */
function terminal(): { stream: NodeJS.WriteStream; written: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & PassThrough;
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  Object.assign(stream, { isTTY: true, columns: 100, rows: 30 });
  return { stream, written: () => text };
}

describe('startProgress', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on Ctrl-C shows the cursor again before it exits with 130', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const { stream, written } = terminal();
    startProgress(1_000, 'rounds', stream).add(10);
    process.emit('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exit).toHaveBeenCalledWith(130);
    const text = written();
    expect(text).toContain('\x1b[?25l'); // hidden while it ran
    expect(text.lastIndexOf('\x1b[?25h')).toBeGreaterThan(text.lastIndexOf('\x1b[?25l'));
    expect(process.listenerCount('SIGINT')).toBe(0);
    expect(process.listenerCount('SIGTERM')).toBe(0);
  });

  it('leaves the signals alone once stopped, and says it is estimating before a unit is done', async () => {
    const { stream, written } = terminal();
    const before = process.listenerCount('SIGTERM');
    const progress = startProgress(1_000, 'hands', stream);
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    expect(written()).toContain('0/1000 hands | estimating the time left');
    progress.add(500);
    progress.stop();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  it('prints nothing when stderr is not a terminal', () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream;
    const before = process.listenerCount('SIGINT');
    startProgress(10, 'rounds', stream).stop();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});
