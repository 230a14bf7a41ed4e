/**
 * The coach at the table (issue 17): after a round, each setting the player made is graded with its exact EV,
 * the best setting's and the house way's, and the grade equals what `paigow analyze` prints for the same cards
 * (the built CLI, run as its own process on two threads: an independent computation of the same analysis).
 * Grades are stored beside the round and shown in `GET /api/history` and the `/api/coach` routes.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  CostliestResponse,
  DailyLeaderboardResponse,
  DailyPlayResponse,
  DailyResponse,
  HistoryResponse,
  HttpErrorBody,
  RoundGradeResponse,
  StrategyTaxResponse,
} from '@paigow/protocol';
import type { ServerHandle } from '../server.js';
import { GradePool } from './grade-pool.js';
import { getJson, riggedRng, serverForSuite, signIn, TestClient, TEST_TABLES } from '../testing/harness.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

interface AnalyzeRow {
  readonly low: string[];
  readonly legal: boolean;
  readonly ev: number;
  readonly win: number;
  readonly push: number;
  readonly loss: number;
}
interface AnalyzeJson {
  readonly settings: AnalyzeRow[];
  readonly best: AnalyzeRow;
  readonly houseWay: AnalyzeRow & { rule: string };
}

/**
 * `paigow analyze <cards> --json --threads 2 --house-way <way>`, run by the built CLI in its own process (awaited,
 * so that the test server in this process keeps answering meanwhile).
 */
async function analyze(cards: readonly string[], houseWay: string): Promise<AnalyzeJson> {
  const run = await promisify(execFile)(process.execPath, [join(ROOT, 'packages/cli/dist/main.js'), 'analyze', ...cards, '--json', '--threads', '2', '--house-way', houseWay], { encoding: 'utf8' });
  return JSON.parse(run.stdout) as AnalyzeJson;
}

const sameCards = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((card) => b.includes(card));

/** Polls `GET /api/history` until the newest round has a grade (grading runs in the background). */
async function gradedHistory(server: ServerHandle, token: string, rounds: number): Promise<HistoryResponse> {
  for (let tries = 0; tries < 300; tries++) {
    const history = await getJson<HistoryResponse>(server, '/api/history', token);
    if (history.body.items.length >= rounds && history.body.items.slice(0, rounds).every((item) => item.grade != null)) return history.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the rounds were not graded within 60 s');
}

const PLAYER = 'As Kd 9c 9h 5s 5d 2c';
const BANKER = 'Qs Qd 8h 7c 4d 3s 2h';

describe('the coach grades every setting at the table', () => {
  // At the process's priority: beside the other test files a background (nice 19) worker may wait long for a core.
  const pool = new GradePool({ background: false });
  afterAll(() => pool.close());
  const suite = serverForSuite('sqlite', {
    rng: riggedRng(PLAYER, BANKER),
    grades: pool,
    tables: [...TEST_TABLES, { tableId: 'fox', houseWay: 'foxwoods', limits: { main: { minCents: 100, maxCents: 10_000 } } }],
  });

  it("grades a setting by hand and a House Way against each table's house way, as paigow analyze does", async () => {
    const session = await signIn(suite.server, 'Gus');
    const gus = await TestClient.join(suite.server, 'small', session.token, 'gus');
    try {
      await gus.act('sit', { seat: 0 });
      await gus.act('bet', { spot: 'main', amountCents: 2_000 });
      await gus.act('deal');
      // A poor setting by hand: a pair of nines behind, five-deuce in front.
      await gus.act('set', { low: ['5s', '2c'] });
    } finally {
      await gus.leave();
    }
    const fox = await TestClient.join(suite.server, 'fox', session.token, 'gus-fox');
    try {
      await fox.act('sit', { seat: 0 });
      await fox.act('bet', { spot: 'main', amountCents: 1_000 });
      await fox.act('deal');
      await fox.act('house-way');
    } finally {
      await fox.leave();
    }

    const history = await gradedHistory(suite.server, session.token, 2);
    const [foxRound, smallRound] = history.items;
    const cards = PLAYER.split(' ');

    const seeds = await analyze(cards, 'seeds');
    const played = seeds.settings.find((row) => sameCards(row.low, ['5s', '2c'])) as AnalyzeRow;
    expect(smallRound.grade).toEqual({ playedEv: played.ev, bestEv: seeds.best.ev, houseWayEv: seeds.houseWay.ev, evLost: seeds.best.ev - played.ev });
    expect(smallRound.grade!.evLost).toBeGreaterThan(0.05);

    const foxwoods = await analyze(cards, 'foxwoods');
    expect(foxRound.grade).toEqual({ playedEv: foxwoods.houseWay.ev, bestEv: foxwoods.best.ev, houseWayEv: foxwoods.houseWay.ev, evLost: foxwoods.best.ev - foxwoods.houseWay.ev });

    // The round's review: the three settings with their win / push / loss, and the house way's rule.
    const review = await getJson<RoundGradeResponse>(suite.server, `/api/coach/rounds/${smallRound.roundId}`, session.token);
    expect(review.body.review).toMatchObject({ cards, houseWayId: 'seeds', mainBetCents: 2_000, evLost: smallRound.grade!.evLost });
    expect(review.body.review!.played).toMatchObject({ win: played.win, push: played.push, loss: played.loss });
    expect(sameCards(review.body.review!.best.low, seeds.best.low)).toBe(true);
    expect(review.body.review!.houseWay.rule).toBe(seeds.houseWay.rule);
    // Nobody else's grade: another player sees none for this round.
    const other = await signIn(suite.server, 'Ivy');
    expect((await getJson<RoundGradeResponse>(suite.server, `/api/coach/rounds/${smallRound.roundId}`, other.token)).body.review).toBeNull();
    expect((await getJson<RoundGradeResponse>(suite.server, `/api/coach/rounds/${smallRound.roundId}`)).status).toBe(401);

    // The strategy tax: two hands at an average bet of 15.00, one of them set as the house way sets it.
    const tax = (await getJson<StrategyTaxResponse>(suite.server, '/api/coach/tax', session.token)).body;
    const lost = [smallRound.grade!.evLost, foxRound.grade!.evLost];
    expect(tax).toMatchObject({ hands: 2, averageBetCents: 1_500 });
    expect(tax.evLostPerHand).toBeCloseTo((lost[0] + lost[1]) / 2, 12);
    expect(tax.per100Cents).toBe(Math.round(100 * tax.evLostPerHand * 1_500));
    expect(tax.optimalShare).toBe(foxRound.grade!.evLost < 1e-9 ? 0.5 : 0);
    expect(tax.houseWay.evLostPerHand).toBeCloseTo((seeds.best.ev - seeds.houseWay.ev + foxwoods.best.ev - foxwoods.houseWay.ev) / 2, 12);
    expect(tax.trend).toEqual([{ hands: 2, per100Cents: tax.per100Cents, until: expect.any(Number) }]);

    // The costliest settings, costliest first in money: the hand set by hand at 20.00 leads.
    const costliest = (await getJson<CostliestResponse>(suite.server, '/api/coach/costliest', session.token)).body.items;
    expect(costliest[0]).toMatchObject({ roundId: smallRound.roundId, setBy: 'player', evLostCents: Math.round(smallRound.grade!.evLost * 2_000) });
   }, 240_000);

  it('the daily challenge: the next hand, graded as the analysis grades it; out-of-turn and bad settings refused; a leaderboard', async () => {
    const session = await signIn(suite.server, 'Dee');
    const today = (await getJson<DailyResponse>(suite.server, '/api/daily', session.token)).body;
    expect(today).toMatchObject({ total: 50, played: [], next: { index: 1 } });
    const analysis = await analyze(today.next!.cards, 'seeds');
    const low = analysis.houseWay.low;
    const post = (body: unknown) =>
      fetch(`${suite.server.url}/api/daily/play`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` }, body: JSON.stringify(body) });
    expect((await post({ index: 2, low })).status).toBe(409);
    const foul = analysis.settings.find((s) => !s.legal);
    if (foul) expect(((await (await post({ index: 1, low: foul.low })).json()) as HttpErrorBody).error.code).toBe('setting/foul');
    // Which card is wrong is said (before: "the low hand is two cards" for two, one of them not a card).
    const malformed = await post({ index: 1, low: ['Zz', low[0]] });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as HttpErrorBody).error).toEqual({ code: 'action/invalid', message: "the low hand is two cards: card 'Zz' is not a card" });
    // An index that is not a whole number is bad input (400), not a hand out of turn (before: 409 action/stale).
    for (const index of [1.5, -1, '1']) {
      const bad = await post({ index, low });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as HttpErrorBody).error.code).toBe('action/invalid');
    }
    const played = await post({ index: 1, low });
    expect(played.status).toBe(200);
    const { review } = (await played.json()) as DailyPlayResponse;
    expect(review).toMatchObject({ index: 1, playedEv: analysis.houseWay.ev, bestEv: analysis.best.ev, evLost: analysis.best.ev - analysis.houseWay.ev });
    expect((await post({ index: 1, low })).status).toBe(409);
    const after = (await getJson<DailyResponse>(suite.server, '/api/daily', session.token)).body;
    expect(after.next?.index).toBe(2);
    expect(after.played).toHaveLength(1);
    const board = (await getJson<DailyLeaderboardResponse>(suite.server, '/api/daily/leaderboard', session.token)).body;
    expect(board.entries).toContainEqual({ nickname: 'Dee', hands: 1, evLost: analysis.best.ev - analysis.houseWay.ev, you: true });
   }, 120_000);
});
