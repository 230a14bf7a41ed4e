/**
 * The built `paigow` command, run as users run it (interfaces.md, "The `paigow` command"):
 * JSON shapes, readable output, bad input (status 2, one line on stderr, nothing on stdout) and
 * bulk mode. The build is brought up to date first (`tsc -b`, a second when nothing changed).
 * `paigow enumerate seven` (the 154,143,080-hand sweep) and `npx paigow` from the root (whose first
 * run installs the root package into npm's npx cache and builds it) are run and checked by `.ci/run`.
 */

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, expectBadInput, json, paigow } from './testing/cli.js';

const CATEGORY_KEYS = ['five_aces', 'royal_flush', 'straight_flush', 'four_of_a_kind', 'full_house', 'flush', 'straight', 'three_of_a_kind', 'two_pair', 'one_pair', 'high_card'];

beforeAll(buildCli, 120_000);

describe('paigow eval <5 cards>', () => {
  it('prints {category, value, cards, description} with --json', () => {
    expect(json(['eval', 'Jk', 'Kh', 'Kd', '3c', '3s'])).toEqual({
      category: 'two_pair',
      value: expect.any(Number),
      cards: ['Jk', 'Kh', 'Kd', '3c', '3s'],
      description: 'Kings and threes, ace kicker',
    });
  });

  it('takes the cards as one quoted argument or as separate arguments, in any accepted spelling', () => {
    const separate = json(['eval', 'As', 'Ks', 'Qs', 'Js', 'Ts']);
    expect(json(['eval', 'As Ks Qs Js Ts'])).toEqual(separate);
    expect(json(['eval', 'as ks, qs js 10s'])).toEqual(separate);
    expect(json(['eval', 'A♠ K♠ Q♠ J♠ T♠'])).toEqual(separate);
    expect(separate).toMatchObject({ category: 'royal_flush', cards: ['As', 'Ks', 'Qs', 'Js', 'Ts'] });
  });

  it('values grow with strength and are equal exactly for copies', () => {
    const value = (cards: string): number => (json(['eval', cards]) as { value: number }).value;
    expect(value('Jk Kh Kd 3c 3s')).toBeLessThan(value('Kc Ks 8h 8d 2c'));
    expect(value('Jk Kh 9h 6h 3h')).toBe(value('As Ks 9s 6s 3s'));
    expect(value('Jk 2s 3h 4d 5c')).toBeGreaterThan(value('2s 3h 4d 5c 6s'));
  });

  it('prints a readable table without --json', () => {
    const r = paigow(['eval', 'Jk', '2s', '3h', '4d', '5c']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^cards\s+category\s+value\s+description\n/);
    expect(r.stdout).toContain('Jk 2s 3h 4d 5c');
    expect(r.stdout).toContain('Straight, five-high wheel (A-2-3-4-5)');
  });
});

describe('paigow eval --low <2 cards>', () => {
  it('prints the same shape for a low hand; the joker is an ace', () => {
    expect(json(['eval', '--low', 'Jk Qd'])).toEqual({ category: 'high_card', value: expect.any(Number), cards: ['Jk', 'Qd'], description: 'Ace high, A-Q' });
    expect(json(['eval', '--low', 'Jk', 'As'])).toMatchObject({ category: 'one_pair', description: 'Pair of aces' });
  });
});

describe('paigow settings <7 cards>', () => {
  it('prints all 21 settings with high, low and legal', () => {
    const report = json(['settings', 'As Kd Qc Jh 9s 3d 2c']) as { settings: { high: string[]; low: string[]; legal: boolean }[] };
    expect(report.settings).toHaveLength(21);
    for (const s of report.settings) {
      expect(s.high).toHaveLength(5);
      expect(s.low).toHaveLength(2);
      expect(typeof s.legal).toBe('boolean');
      expect([...s.high, ...s.low].sort()).toEqual(['2c', '3d', '9s', 'As', 'Jh', 'Kd', 'Qc']);
    }
    // Ace high: a low hand fouls when it beats the high hand's top two cards in order.
    const legal = (low: string[]): boolean | undefined => report.settings.find((s) => s.low.join(' ') === low.join(' '))?.legal;
    expect(legal(['As', 'Kd'])).toBe(false);
    expect(legal(['Kd', 'Qc'])).toBe(true);
    expect(report.settings.filter((s) => s.legal)).toHaveLength(15);
  });

  it('prints a readable table without --json', () => {
    const r = paigow(['settings', 'Jk', 'As', 'Kd', 'Qc', 'Jh', '9s', '3d']);
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(23);
    expect(r.stdout).toContain('FOUL');
    expect(r.stdout).toContain('legal');
  });
});

describe('paigow enumerate', () => {
  it('five prints {total, counts, withJoker, seconds} equal to reference/five-card.json', () => {
    const reference = JSON.parse(readFileSync(new URL('../../../reference/five-card.json', import.meta.url), 'utf8'));
    const report = json(['enumerate', 'five']) as { total: number; counts: Record<string, number>; withJoker: Record<string, number>; seconds: number };
    expect(report.total).toBe(2_869_685);
    expect(report.counts).toEqual(reference.counts);
    expect(report.withJoker).toEqual(reference.with_joker);
    expect(Object.keys(report.counts)).toEqual(CATEGORY_KEYS);
    expect(report.seconds).toBeGreaterThan(0);
  });

  it('lists its enumerations, and refuses a missing or unknown one in one line', () => {
    const help = paigow(['enumerate', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/five/);
    expect(help.stdout).toMatch(/seven/);
    expectBadInput(paigow(['enumerate']), /^paigow: enumerate what\? one of: five, seven/);
    expectBadInput(paigow(['enumerate', 'six']), /^paigow: unknown enumeration 'six': one of five, seven/);
  });

  it('says in its usage line that it takes a command, then that command\'s options (it said `[options] [command] [what]`)', () => {
    const help = paigow(['enumerate', '--help']);
    expect(help).toMatchObject({ status: 0, stderr: '' });
    expect(help.stdout.split('\n')[0]).toBe('Usage: paigow enumerate <command> [options]');
    expect(help.stdout).not.toContain('[what]');
    // The program's list of commands says the same of both command groups.
    const top = paigow(['--help']).stdout;
    expect(top).toMatch(/^ {2}enumerate <command> \[options\] /m);
    expect(top).toMatch(/^ {2}house-way <command> \[options\] /m);
    expect(top).toMatch(/^ {2}eval\|evaluate \[options\] <cards\.\.\.> /m);
    expect(top).toMatch(/^ {2}help \[command\] /m);
  });

  it('answers a command given without its subcommand in one line, not the whole help on stderr', () => {
    expectBadInput(paigow([]), 'paigow needs a command (paigow --help lists them)');
    expectBadInput(paigow(['house-way']), 'paigow house-way needs a command (paigow house-way --help lists them)');
    expect(paigow(['--help'])).toMatchObject({ status: 0, stderr: '' });
  });

  it('answers help for a command that does not exist as an unknown command (it said "paigow needs a command")', () => {
    expectBadInput(paigow(['help', 'bogus']), "unknown command 'bogus' (paigow --help lists them)");
    expectBadInput(paigow(['house-way', 'help', 'bogus']), "unknown command 'bogus' (paigow house-way --help lists them)");
    expect(paigow(['help', 'set'])).toMatchObject({ status: 0 });
    // With --help after it, commander printed the program's help and exited 0, as if the command were there.
    expectBadInput(paigow(['hint', '--help']), "unknown command 'hint' (paigow --help lists them)");
    expectBadInput(paigow(['--json', 'hint', '-h']), "unknown command 'hint' (paigow --help lists them)");
    expectBadInput(paigow(['house-way', 'bogus', '--help']), "unknown command 'bogus' (paigow house-way --help lists them)");
    expect(paigow(['set', '--help'])).toMatchObject({ status: 0, stderr: '' });
    expect(paigow(['house-way', 'diff', '--help'])).toMatchObject({ status: 0, stderr: '' });
  });

  it("takes the commands' other names: evaluate, explain, analyse", () => {
    expect(json(['evaluate', 'As Kd Qc Js Td'])).toEqual(json(['eval', 'As Kd Qc Js Td']));
    expect(json(['explain', 'Jk Kd 9c 7h 5s 3d 2c'])).toEqual(json(['set', 'Jk Kd 9c 7h 5s 3d 2c']));
    expect(json(['analyse', 'As Kd 9c 7h 5s 3d 2c', '--samples', '1000', '--seed', '1'])).toMatchObject({ method: 'sampled', seed: 1 });
  });

  it('says each option’s default once, and the language’s as where it comes from (it printed two that disagreed)', () => {
    for (const command of ['set', 'eval', 'fortune']) {
      const help = paigow([command, '--help']).stdout.replace(/\s+/g, ' ');
      expect(help).toContain('(default: from LC_ALL / LC_MESSAGES / LANG, else en)');
      expect(help).not.toMatch(/else en\) \(default/);
    }
    for (const command of ['set', 'analyze', 'simulate', 'edge']) {
      const help = paigow([command, '--help']).stdout.replace(/\s+/g, ' ');
      expect(help).toContain('house way: seeds or foxwoods (default: "seeds")');
    }
  });
});

describe('paigow rounds --help', () => {
  it('says that --open is required, in the usage line and beside the option (it listed it as an option)', () => {
    const help = paigow(['rounds', '--help']);
    expect(help).toMatchObject({ status: 0, stderr: '' });
    expect(help.stdout.split('\n')[0]).toBe('Usage: paigow rounds --open [options]');
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('--open required: the rounds still open');
    expect(paigow(['--help']).stdout).toMatch(/^ {2}rounds --open \[options\] /m);
  });
});

describe('bad input: status 2, one line on stderr, nothing on stdout', () => {
  it('an unknown card', () => {
    expectBadInput(paigow(['eval', 'As Zz Qs Js Ts', '--json']), "card 'Zz' is not a card");
    expectBadInput(paigow(['eval', 'As', 'Zz', 'Qs', 'Js', 'Ts']), "card 'Zz' is not a card");
  });

  it('a duplicate card', () => {
    expectBadInput(paigow(['eval', 'As As Qs Js Ts', '--json']), 'duplicate card As');
    expectBadInput(paigow(['eval', '--low', '10c', 'Tc']), 'duplicate card Tc');
  });

  it('two jokers', () => {
    expectBadInput(paigow(['eval', 'Jk JK Qs Js Ts']), 'the deck holds one joker; a second joker was given');
  });

  it('the wrong number of cards', () => {
    expectBadInput(paigow(['eval', 'As Ks Qs Js']), 'expected 5 cards, got 4');
    expectBadInput(paigow(['eval', '--low', 'As Ks Qs']), 'expected 2 cards, got 3');
    expectBadInput(paigow(['settings', 'As Ks Qs Js Ts 9s', '--json']), 'expected 7 cards, got 6');
  });

  it('usage errors: no cards, an unknown option, an unknown command', () => {
    expectBadInput(paigow(['eval']), "missing required argument 'cards'");
    expectBadInput(paigow(['eval', '--nope', 'As']), "unknown option '--nope'");
    expectBadInput(paigow(['nope']), /^paigow: unknown command 'nope'/);
    expectBadInput(paigow(['eval', '-', 'As']), "'-' (read hands from stdin) takes no other cards");
  });

  it('an option before the subcommand: says it goes after, naming the subcommand given (interfaces.md)', () => {
    expectBadInput(paigow(['enumerate', '--json', 'five']), "unknown option '--json' (options go after the subcommand: paigow enumerate five --json)");
    expectBadInput(
      paigow(['house-way', '--json', 'diff', 'seeds', 'foxwoods']),
      "unknown option '--json' (options go after the subcommand: paigow house-way diff --json)",
    );
    expectBadInput(paigow(['house-way', '--threads=2', 'diff']), "unknown option '--threads=2' (options go after the subcommand: paigow house-way diff --threads=2)");
    expectBadInput(paigow(['enumerate', '--json']), "unknown option '--json' (options go after the subcommand: paigow enumerate <command> --json)");
    expect(paigow(['enumerate', '--help'])).toMatchObject({ status: 0, stderr: '' });
  });

  it('a near miss: the parser\'s suggestion on the same one line', () => {
    expectBadInput(paigow(['eval', 'As Td 9c Jk 2h', '--jsn']), "unknown option '--jsn' (Did you mean --json?)");
    expectBadInput(paigow(['evl', 'As']), "unknown command 'evl' (Did you mean eval?)");
  });

  it('a pay table file that is not JSON: still one line, although the parser quotes the file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'paigow-cli-')), 'pay.json');
    writeFileSync(file, 'notjson\n\nstill not\n');
    expectBadInput(paigow(['fortune', '--pay-table', file, 'As Ks Qs Js Ts 2d 3c']), /^paigow: .*pay\.json: Fortune pay table is not valid JSON: /);
  });
});

describe('bulk mode: paigow eval - / paigow eval --low -', () => {
  it('writes one JSON line per input line, in order; a bad line gives {cards, error} and the run goes on', () => {
    const input = ['Jk Kh Kd 3c 3s', 'As Zz Qs Js Ts', '  as ks qs js 10s', 'As As Qs Js Ts', '', 'Jk 2s 3h 4d 5c'].join('\n');
    const r = paigow(['eval', '-'], `${input}\r\n`);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(6);
    expect(lines.map((l) => l.cards)).toEqual(input.split('\n'));
    expect(lines[0]).toMatchObject({ category: 'two_pair', description: 'Kings and threes, ace kicker', canonical: ['Jk', 'Kh', 'Kd', '3c', '3s'] });
    expect(lines[1]).toEqual({ cards: 'As Zz Qs Js Ts', error: "card 'Zz' is not a card", code: 'card/malformed' });
    expect(lines[2]).toMatchObject({ category: 'royal_flush', canonical: ['As', 'Ks', 'Qs', 'Js', 'Ts'] });
    expect(lines[3]).toEqual({ cards: 'As As Qs Js Ts', error: 'duplicate card As', code: 'card/duplicate' });
    expect(lines[4]).toMatchObject({ cards: '', code: 'card/wrong-count' });
    expect(lines[5]).toMatchObject({ category: 'straight', description: 'Straight, five-high wheel (A-2-3-4-5)' });
    // The same values as the one-hand command.
    expect(lines[0].value).toBe((json(['eval', 'Jk Kh Kd 3c 3s']) as { value: number }).value);
  });

  it('reads low hands with --low', () => {
    const r = paigow(['eval', '--low', '-'], 'Jk As\nQd Jk\nJk Jk');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((l) => l.category ?? l.code)).toEqual(['one_pair', 'high_card', 'card/second-joker']);
  });

  it('reports a line of 5 MB as one bad line with a short "cards" (it copied the line whole, in quadratic time) and reads on', () => {
    const long = 'As Kd '.repeat(900_000);
    const r = paigow(['eval', '-'], `${long}\nAs Ks Qs Js Ts`);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    const lines = r.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      { cards: `${long.slice(0, 40)}…`, error: 'line longer than 1,000 characters: not a hand of 5 cards', code: 'card/malformed' },
      expect.objectContaining({ cards: 'As Ks Qs Js Ts', category: 'royal_flush' }),
    ]);
  });

  it('handles 200,000 lines (and the final line without a newline)', () => {
    const hands = ['As Ks Qs Js Ts', '2c 3d 4h 5s 7c', 'Jk Ah Kh Qh 9h', '7s 7h 7d 7c Jk'];
    const input = Array.from({ length: 200_000 }, (_, i) => hands[i % 4]).join('\n');
    const r = paigow(['eval', '-'], input);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(200_001);
    expect(lines[200_000]).toBe('');
    expect(JSON.parse(lines[199_999])).toMatchObject({ cards: '7s 7h 7d 7c Jk', category: 'four_of_a_kind' });
  });
});
