/**
 * `--house-way` on the commands that set hands, and `paigow house-way diff` (issue 16 points 1 and 4), as
 * users run them. (The full Foxwoods sweep and the diff over every hand are run by hand / the bench: see
 * docs/house-way-foxwoods.md.)
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { houseWays } from '@paigow/engine';
import { buildCli, expectBadInput, json, paigow } from '../testing/cli.js';
import { diffReportText, type DiffHand, type HouseWayDiffReport } from './house-way-diff.js';

beforeAll(buildCli, 120_000);

// Foxwoods rule 7's exception: the ace and the queen in front; the seeds' house way keeps the straight.
const HAND = 'Ah Kh Kd Qc Jc Ts 3d';

describe('--house-way', () => {
  it('paigow set plays the named house way, with its rule and explanation key', () => {
    expect(json(['set', HAND, '--house-way', 'foxwoods'])).toMatchObject({
      low: ['Ah', 'Qc'],
      rule: '7.one-pair-ace-front',
      explanationKey: 'houseWayFoxwoods.7.one-pair-ace-front',
    });
    expect(json(['set', HAND])).toMatchObject({ rule: '5.straight-or-flush' });
    // In any case, as --lang and the cards are read (FOXWOODS was refused).
    expect(json(['set', HAND, '--house-way', 'FOXWOODS'])).toMatchObject({ rule: '7.one-pair-ace-front' });
  });
  it('paigow set - (bulk) follows it too', () => {
    const r = paigow(['set', '-', '--house-way', 'foxwoods'], `${HAND}\n`);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ cards: HAND, rule: '7.one-pair-ace-front' });
  });
  it('paigow analyze marks the named house way\'s setting, against a banker playing it', () => {
    const report = json(['analyze', HAND, '--samples', '3000', '--seed', '4', '--house-way', 'foxwoods']) as {
      houseWayId: string;
      houseWay: { low: string[]; rule: string };
    };
    expect(report.houseWayId).toBe('foxwoods');
    expect(report.houseWay).toMatchObject({ low: ['Ah', 'Qc'], rule: '7.one-pair-ace-front' });
  });
  it('paigow simulate plays both hands by it, and says so', () => {
    const fox = json(['simulate', '--rounds', '20000', '--seed', '5', '--threads', '1', '--house-way', 'foxwoods']) as { houseWay: string; win: number };
    const seeds = json(['simulate', '--rounds', '20000', '--seed', '5', '--threads', '1']) as { houseWay: string; win: number };
    expect(fox.houseWay).toBe('foxwoods');
    expect(seeds.houseWay).toBe('seeds');
    expect(fox.win).not.toBe(seeds.win);
  });
  it('an unknown house way is refused on one line, naming the ones there are', () => {
    expectBadInput(paigow(['set', HAND, '--house-way', 'vegas']), "--house-way: no house way 'vegas' (there are: seeds, foxwoods)");
    expectBadInput(paigow(['simulate', '--rounds', '10', '--house-way', 'vegas']), /no house way 'vegas'/);
  });
});

describe('paigow house-way diff', () => {
  it('--hand: both settings with their exact EVs against the banker', () => {
    const report = json(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', HAND]) as {
      banker: string;
      hand: { differ: boolean; cost: number; better: string; a: { rule: string; ev: number }; b: { rule: string; ev: number; low: string[] } };
    };
    expect(report.banker).toBe('seeds');
    expect(report.hand.differ).toBe(true);
    expect(report.hand.a.rule).toBe('5.straight-or-flush');
    expect(report.hand.b).toMatchObject({ rule: '7.one-pair-ace-front', low: ['Ah', 'Qc'] });
    expect(report.hand.cost).toBeCloseTo(Math.abs(report.hand.a.ev - report.hand.b.ev), 12);
    expect(report.hand.better).toBe(report.hand.a.ev > report.hand.b.ev ? 'seeds' : 'foxwoods');
  }, 60_000);
  it('--hand on a hand both set alike', () => {
    const report = json(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', 'As Kd 9c 7h 5s 3d 2c']) as { hand: { differ: boolean; cost: number } };
    expect(report.hand).toMatchObject({ differ: false, cost: 0 });
  }, 60_000);
  it('--hand in text: the signed EV difference and the better house way by name', () => {
    const r = paigow(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', HAND]);
    expect(r.status).toBe(0);
    const report = json(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', HAND]) as { hand: { a: { ev: number }; b: { ev: number }; better: 'seeds' | 'foxwoods' } };
    const difference = report.hand.b.ev - report.hand.a.ev;
    expect(r.stdout).toContain('EV foxwoods − seeds');
    expect(r.stdout).toContain(`${difference >= 0 ? '+' : ''}${difference.toFixed(5)}`);
    expect(r.stdout).toContain(`${houseWays[report.hand.better].name} (${report.hand.better}) sets it better.`);
    expect(r.stdout).not.toMatch(/\bcost\b/);
    // One hand stands for itself: no empty "hands alike" column (there was one, header only).
    expect(r.stdout).not.toContain('hands alike');
    expect(r.stdout.split('\n')[0].trimEnd()).toMatch(/better$/);
  }, 120_000);
  it('is listed with the arguments it needs, as its own help says them (the group listed `diff [options] [a] [b]`)', () => {
    const own = paigow(['house-way', 'diff', '--help']);
    expect(own.stdout).toMatch(/^Usage: paigow house-way diff \[options\] <a> <b>\n/);
    const group = paigow(['house-way', '--help']);
    expect(group).toMatchObject({ status: 0, stderr: '' });
    expect(group.stdout).toMatch(/^ {2}diff \[options\] <a> <b> /m);
    expect(group.stdout).not.toContain('[a]');
    expectBadInput(paigow(['house-way', 'diff', 'seeds']), "missing required argument 'b'");
  });

  it('--top governs both lists unless --top-total says otherwise', () => {
    const help = paigow(['house-way', 'diff', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('default: --top');
    expect(help).not.toContain('(default: 20)');
  });
  it('labels both lists with their length and names which house way is better', () => {
    const setting = (ev: number) => ({ high: ['As', 'Kd', '9c', '7h', '5s'], low: ['3d', '2c'], rule: '10.no-pair', explanation: '', ev });
    const hand = (evA: number, evB: number, hands: number): DiffHand => ({
      cards: ['As', 'Kd', '9c', '7h', '5s', '3d', '2c'],
      a: setting(evA),
      b: setting(evB),
      differ: true,
      cost: Math.abs(evA - evB),
      better: evA > evB ? 'seeds' : 'foxwoods',
      hands,
    });
    const report: HouseWayDiffReport = {
      a: 'seeds',
      b: 'foxwoods',
      banker: 'seeds',
      commissionBps: 500,
      total: 154_143_080,
      differ: 2,
      share: 2 / 154_143_080,
      groups: 2,
      candidates: 2,
      top: [hand(0.11753, 0.91187, 4), hand(0.5, 0.25, 12)],
      topTotal: [hand(0.5, 0.25, 12)],
      evChange: -0.00245,
      method: '',
      seconds: 1,
      threads: 2,
    };
    const text = diffReportText(report, houseWays.seeds, houseWays.foxwoods);
    expect(text).toContain('The 2 costliest hands');
    expect(text).toContain('The group where they part most in total');
    expect(text).toContain('EV foxwoods − seeds');
    expect(text).toMatch(/\+0\.79434\s+foxwoods/);
    expect(text).toMatch(/-0\.25000\s+seeds/);
    expect(text).toContain('changes the player\'s EV by -0.00245 per hand dealt');
    expect(text).toContain('Standard house way (seeds) is better for the player.');
    // One of each: singular (it said "The 1 groups where they part most in total", "1 groups analysed exactly").
    const one = diffReportText({ ...report, groups: 1, candidates: 1, top: [report.top[0]] }, houseWays.seeds, houseWays.foxwoods);
    expect(one).toContain('in 1 group by the values of both settings');
    expect(one).toContain('The costliest hand (EV per unit');
    expect(one).toContain('; 1 group analysed exactly):');
    expect(one).not.toMatch(/\b1 groups\b|The 1 /);
    expect(text).toContain('in 2 groups by the values of both settings');
    expect(text).toContain('; 2 groups analysed exactly):');
  });
  it('--hand takes the seven cards as separate arguments too, before or after the two house ways (interfaces.md)', () => {
    const quoted = json(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', HAND]) as { a: string; b: string; hand: object };
    const expected = { a: 'seeds', b: 'foxwoods', hand: quoted.hand };
    const cards = HAND.split(' ');
    expect(json(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', ...cards])).toMatchObject(expected);
    expect(json(['house-way', 'diff', '--hand', ...cards, 'seeds', 'foxwoods'])).toMatchObject(expected);
    expect(json(['house-way', 'diff', '--hand', ...cards, '--banker', 'seeds', 'seeds', 'foxwoods'])).toMatchObject(expected);
    const swapped = json(['house-way', 'diff', '--hand', ...cards, 'foxwoods', 'seeds']) as { a: string; b: string };
    expect(swapped).toMatchObject({ a: 'foxwoods', b: 'seeds' });
    const text = paigow(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', ...cards]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('They differ');
  });
  it('--hand as separate arguments: refuses a wrong count, a missing house way, and house ways on both sides of the cards', () => {
    const cards = HAND.split(' ');
    expectBadInput(paigow(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', 'As', 'Kd']), 'expected 7 cards, got 2');
    expectBadInput(paigow(['house-way', 'diff', '--hand', ...cards, 'seeds']), "missing required argument 'b'");
    expectBadInput(paigow(['house-way', 'diff', '--hand', ...cards]), "missing required argument 'a'");
    expectBadInput(paigow(['house-way', 'diff', '--hand', ...cards, 'seeds', 'vegas']), "no house way 'vegas' (there are: seeds, foxwoods)");
    expectBadInput(
      paigow(['house-way', 'diff', 'seeds', '--hand', ...cards, 'foxwoods']),
      'give both house ways before --hand or both after its cards: paigow house-way diff seeds foxwoods --hand <7 cards>',
    );
  });
  it('refuses the same house way twice, an unknown one and a bad hand', () => {
    expectBadInput(paigow(['house-way', 'diff', 'seeds', 'seeds']), 'house-way diff needs two different house ways');
    expectBadInput(paigow(['house-way', 'diff', 'seeds', 'vegas']), "no house way 'vegas' (there are: seeds, foxwoods)");
    expectBadInput(paigow(['house-way', 'diff', 'seeds', 'foxwoods', '--banker', 'bogus', '--hand', HAND]), "--banker: no house way 'bogus' (there are: seeds, foxwoods)");
    expectBadInput(paigow(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', 'As Kd']), 'expected 7 cards, got 2');
  });
});
