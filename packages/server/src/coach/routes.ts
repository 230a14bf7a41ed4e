/**
 * The coach's HTTP routes (issue 17; docs/protocol.md "The coach"), for the signed-in player:
 * `GET /api/coach/rounds/<roundId>` (a round's grade and review, `null` until graded), `GET /api/coach/tax`
 * (the strategy tax) and `GET /api/coach/costliest` (the ten costliest settings).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { RuleError } from '@paigow/engine';
import type {
  CostliestResponse,
  DailyLeaderboardResponse,
  DailyPlayRequest,
  DailyPlayResponse,
  DailyResponse,
  HttpErrorBody,
  RoundGradeResponse,
  StrategyTaxResponse,
} from '@paigow/protocol';
import type { DailyChallenge } from './daily.js';
import type { CoachReader } from './grades.js';
import { mayNameRound } from '../http/round-id.js';

type Handler = (req: Request, res: Response) => Promise<void>;
const route =
  (handler: Handler) =>
  (req: Request, res: Response, next: NextFunction): void => {
    handler(req, res).catch(next);
  };

/**
 * The coach routes over `grades`.
 * @param signedIn the player id of the request's session, or `null` with a 401 already sent
 */
export function coachRoutes(grades: CoachReader, signedIn: (req: Request, res: Response) => Promise<string | null>): Router {
  const router = Router();
  router.get(
    '/api/coach/rounds/:roundId',
    route(async (req, res) => {
      const playerId = await signedIn(req, res);
      if (playerId === null) return;
      const roundId = req.params.roundId as string;
      const body: RoundGradeResponse = { review: mayNameRound(roundId) ? await grades.reviewOf(playerId, roundId) : null };
      res.json(body);
    }),
  );
  router.get(
    '/api/coach/tax',
    route(async (req, res) => {
      const playerId = await signedIn(req, res);
      if (playerId === null) return;
      const body: StrategyTaxResponse = await grades.strategyTax(playerId);
      res.json(body);
    }),
  );
  router.get(
    '/api/coach/costliest',
    route(async (req, res) => {
      const playerId = await signedIn(req, res);
      if (playerId === null) return;
      const items = await grades.costliestSettings(playerId);
      const body: CostliestResponse = {
        items: items.map(({ review, houseWay, ...rest }) => ({ ...review, ...rest, houseWayId: houseWay })),
      };
      res.json(body);
    }),
  );
  return router;
}

/**
 * The daily challenge's routes (docs/protocol.md "HTTP"): `GET /api/daily` (today's challenge), `POST /api/daily/play`
 * `{index, low}` (set the next hand; 409 `action/stale` when it is not the next, 400 for a bad setting) and
 * `GET /api/daily/leaderboard?day=` (a day's leaderboard, default today). `signedIn` gives the player of a read, `writer`
 * that of a hand played (its account-write limit taken too); each answers the request itself when it gives `null`.
 */
export function dailyRoutes(
  daily: DailyChallenge,
  signedIn: (req: Request, res: Response) => Promise<string | null>,
  writer: (req: Request, res: Response) => Promise<string | null>,
): Router {
  const router = Router();
  const refuse = (res: Response, error: RuleError): void => {
    const body: HttpErrorBody = { error };
    res.status(error.code === 'action/stale' ? 409 : 400).json(body);
  };
  router.get(
    '/api/daily',
    route(async (req, res) => {
      const playerId = await signedIn(req, res);
      if (playerId === null) return;
      const body: DailyResponse = await daily.today(playerId);
      res.json(body);
    }),
  );
  router.post(
    '/api/daily/play',
    route(async (req, res) => {
      const playerId = await writer(req, res);
      if (playerId === null) return;
      const { index, low } = (req.body ?? {}) as Partial<DailyPlayRequest>;
      if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 1 || !Array.isArray(low) || !low.every((card) => typeof card === 'string')) {
        return refuse(res, { code: 'action/invalid', message: 'the body is {index, low: [card, card]}, index a whole number from 1' });
      }
      const played = await daily.play(playerId, index, low);
      if (!played.ok) return refuse(res, played.error);
      const body: DailyPlayResponse = { review: played.value };
      res.json(body);
    }),
  );
  router.get(
    '/api/daily/leaderboard',
    route(async (req, res) => {
      const playerId = await signedIn(req, res);
      if (playerId === null) return;
      const board = await daily.leaderboard(playerId, typeof req.query.day === 'string' ? req.query.day : undefined);
      if (!board.ok) return refuse(res, board.error);
      const body: DailyLeaderboardResponse = board.value;
      res.json(body);
    }),
  );
  return router;
}
