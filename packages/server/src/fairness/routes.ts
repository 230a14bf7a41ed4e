/**
 * The HTTP routes of provably fair rounds (fairness.md; docs/protocol.md "HTTP"), no sign-in needed (anyone
 * may verify): `GET /api/rounds/<roundId>/fairness`, a round's proof (`fairnessAnswer`), and
 * `GET /api/fairness/audit?limit=N`, the fairness audit of the last N closed rounds (`auditFairness`).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { HttpErrorBody } from '@paigow/protocol';
import type { Ledger } from '../ledger/index.js';
import { auditFairness } from './audit.js';
import { fairnessAnswer } from './proof.js';

/** Rounds the audit endpoint reads by default (the newest), and at most. */
export const AUDIT_DEFAULT_ROUNDS = 10_000;
export const AUDIT_MAX_ROUNDS = 100_000;

type Handler = (req: Request, res: Response) => Promise<void>;
const route =
  (handler: Handler) =>
  (req: Request, res: Response, next: NextFunction): void => {
    handler(req, res).catch(next);
  };

/** The fairness routes over `ledger`. */
export function fairnessRoutes(ledger: Ledger): Router {
  const router = Router();
  router.get(
    '/api/rounds/:roundId/fairness',
    route(async (req, res) => {
      const roundId = req.params.roundId as string;
      const answer = fairnessAnswer(roundId, await ledger.roundFairness(roundId));
      res.status(answer.status).json(answer.body);
    }),
  );
  router.get(
    '/api/fairness/audit',
    route(async (req, res) => {
      const limit = req.query.limit === undefined ? AUDIT_DEFAULT_ROUNDS : Number(req.query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_MAX_ROUNDS) {
        const body: HttpErrorBody = { error: { code: 'action/invalid', message: `limit must be a whole number from 1 to ${AUDIT_MAX_ROUNDS}` } };
        res.status(400).json(body);
        return;
      }
      res.json(auditFairness(await ledger.closedFairRounds(limit)));
    }),
  );
  return router;
}
