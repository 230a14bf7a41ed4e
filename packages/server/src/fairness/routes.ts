/**
 * The HTTP routes of provably fair rounds (fairness.md; docs/protocol.md "HTTP"), no sign-in needed (anyone
 * may verify): `GET /api/rounds/<roundId>/fairness`, a round's proof (`roundAnswer`), and
 * `GET /api/fairness/audit?limit=N`, the fairness audit of the last N closed rounds (`auditFairnessInSlices`).
 *
 * The audit replays every round's deal (about 0.3 ms a round). So that anyone's requests cannot take the tables'
 * time: it works in slices between which the tables play, one audit runs at a time (one for the same limit shares
 * it), and its report answers the same question again for `AUDIT_REUSE_MS`. So that nobody can keep the web page's
 * audit (the default limit) from everyone by asking other limits back to back, the default limit is never refused:
 * its last report is kept apart from the others' and, while another limit's audit runs, answers however old it is
 * (before the first, the request waits for that audit); the default's own audit then runs next, before any other
 * limit. A request for another limit while an audit runs or waits is refused 429 `rate/limited` with `Retry-After`.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { HttpErrorBody } from '@paigow/protocol';
import { queryLimit } from '../http/query-limit.js';
import { mayNameRound } from '../http/round-id.js';
import type { Ledger } from '../ledger/index.js';
import { COORDINATION_UNAVAILABLE } from '../rooms/matchmaking.js';
import { AnnouncementsUnreachable, type AnnouncedRounds } from './announced-rounds.js';
import { auditFairnessInSlices, type FairnessAuditReport } from './audit.js';
import { fairnessAnswer, openAnswer, type FairnessAnswer } from './proof.js';

/** Rounds the audit endpoint reads by default (the newest), and at most. */
export const AUDIT_DEFAULT_ROUNDS = 10_000;
export const AUDIT_MAX_ROUNDS = 100_000;

/** How long an audit's report answers the same `limit` again, ms: rounds close every second, an audit needs not. */
export const AUDIT_REUSE_MS = 60_000;

/** Limits other than the default whose last reports are kept (the least recently audited goes first). */
export const AUDIT_OTHER_REPORTS = 4;

/** Seconds a request refused while another audit runs is told to wait (`Retry-After`). */
const AUDIT_RETRY_AFTER_S = 10;

/** Seconds a lookup refused while the announced rounds cannot be read (Redis out of reach) is told to wait (`Retry-After`). */
const COORDINATION_RETRY_AFTER_S = 5;

/** A finished audit's report and when it finished, ms. */
interface Kept {
  readonly atMs: number;
  readonly report: FairnessAuditReport;
}

/** One audit at a time, the default limit's before any other, and the last reports for a while; see the module comment. */
class AuditDesk {
  private running: { readonly limit: number; readonly report: Promise<FairnessAuditReport> } | null = null;
  /** The default limit's last report: the web page's, never evicted by other limits. */
  private defaultKept: Kept | null = null;
  /** Other limits' last reports, the least recently audited first (at most `AUDIT_OTHER_REPORTS`). */
  private readonly othersKept = new Map<number, Kept>();
  /** The default limit's audit, waiting for the running one to end: it starts then, before any other limit. */
  private defaultNext: { readonly report: Promise<FairnessAuditReport>; start(): void } | null = null;

  constructor(
    private readonly ledger: Ledger,
    private readonly now: () => number,
  ) {}

  /**
   * The report for `limit`: its last one if recent, the one under way, or a new one; null (refused) for a limit
   * other than the default while an audit runs. The default limit, while another runs, gets its last report
   * however old, or else the audit of its own that runs next.
   */
  report(limit: number): Promise<FairnessAuditReport> | null {
    const kept = limit === AUDIT_DEFAULT_ROUNDS ? this.defaultKept : (this.othersKept.get(limit) ?? null);
    if (kept !== null && this.now() - kept.atMs < AUDIT_REUSE_MS) return Promise.resolve(kept.report);
    if (this.running === null) return this.start(limit);
    if (this.running.limit === limit) return this.running.report;
    if (limit !== AUDIT_DEFAULT_ROUNDS) return null;
    const next = this.defaultNext ?? this.queueDefault();
    return kept === null ? next.report : Promise.resolve(kept.report);
  }

  private start(limit: number): Promise<FairnessAuditReport> {
    const report = auditFairnessInSlices(this.ledger.closedFairRoundPages(limit));
    this.running = { limit, report };
    const ended = (): void => {
      this.running = null;
      const next = this.defaultNext;
      this.defaultNext = null;
      next?.start();
    };
    report.then(
      (done) => {
        this.keep(limit, { atMs: this.now(), report: done });
        ended();
      },
      ended,
    );
    return report;
  }

  private keep(limit: number, kept: Kept): void {
    if (limit === AUDIT_DEFAULT_ROUNDS) {
      this.defaultKept = kept;
      return;
    }
    this.othersKept.delete(limit);
    this.othersKept.set(limit, kept);
    if (this.othersKept.size > AUDIT_OTHER_REPORTS) this.othersKept.delete(this.othersKept.keys().next().value as number);
  }

  /** Makes the default limit's audit the next to start, once the running one ends. */
  private queueDefault(): { readonly report: Promise<FairnessAuditReport>; start(): void } {
    let start = (): void => undefined;
    const report = new Promise<FairnessAuditReport>((resolve) => (start = () => resolve(this.start(AUDIT_DEFAULT_ROUNDS))));
    // Its failure is answered to the requests waiting for it, if any: those given the last report do not wait.
    report.catch(() => undefined);
    this.defaultNext = { report, start };
    return this.defaultNext;
  }
}

/**
 * The answer for `roundId` (fairness.md §1; docs/fairness.md "The proof"): the ledger's for a round it knows (settled or
 * refunded: the proof; open: 409), so a closed round never answers 409; else 409 with the commitment of a round a
 * table announced and has not dealt (`announced`); else 404. A round is withdrawn from the announcements only once the
 * ledger has its deal, so when neither knows it the ledger is asked again: a round dealt between the first read and the
 * lookup would answer 404.
 * @throws the ledger's error, or `AnnouncementsUnreachable` (the route answers 503)
 */
async function roundAnswer(roundId: string, ledger: Ledger, announced: Pick<AnnouncedRounds, 'commitmentOf'>): Promise<FairnessAnswer> {
  // An id no round can have is not looked up, nor repeated in the answer (`mayNameRound`).
  if (!mayNameRound(roundId)) return { status: 404, body: { error: { code: 'action/unknown', message: 'no provably fair round has this id' } } };
  const known = fairnessAnswer(roundId, await ledger.roundFairness(roundId));
  if (known.status !== 404) return known;
  const commitment = await announced.commitmentOf(roundId);
  if (commitment !== null) return openAnswer(roundId, commitment);
  return fairnessAnswer(roundId, await ledger.roundFairness(roundId));
}

type Handler = (req: Request, res: Response) => Promise<void>;
const route =
  (handler: Handler) =>
  (req: Request, res: Response, next: NextFunction): void => {
    handler(req, res).catch(next);
  };

/**
 * The fairness routes over `ledger` and the rounds the tables announced (`announced`).
 * @param now the clock of the audit's reuse, ms (tests)
 */
export function fairnessRoutes(ledger: Ledger, announced: Pick<AnnouncedRounds, 'commitmentOf'>, now: () => number = Date.now): Router {
  const router = Router();
  const desk = new AuditDesk(ledger, now);
  router.get(
    '/api/rounds/:roundId/fairness',
    route(async (req, res) => {
      const roundId = req.params.roundId as string;
      let answer: FairnessAnswer;
      try {
        answer = await roundAnswer(roundId, ledger, announced);
      } catch (error) {
        if (!(error instanceof AnnouncementsUnreachable)) throw error;
        const body: HttpErrorBody = { error: COORDINATION_UNAVAILABLE };
        res.status(503).set('Retry-After', String(COORDINATION_RETRY_AFTER_S)).json(body);
        return;
      }
      res.status(answer.status).json(answer.body);
    }),
  );
  router.get(
    '/api/fairness/audit',
    route(async (req, res) => {
      const limit = queryLimit(req.query.limit, AUDIT_MAX_ROUNDS);
      if (limit === null) {
        const body: HttpErrorBody = { error: { code: 'action/invalid', message: `limit must be a whole number from 1 to ${AUDIT_MAX_ROUNDS}` } };
        res.status(400).json(body);
        return;
      }
      const report = desk.report(limit ?? AUDIT_DEFAULT_ROUNDS);
      if (report === null) {
        const body: HttpErrorBody = { error: { code: 'rate/limited', message: `another fairness audit is under way: try again in ${AUDIT_RETRY_AFTER_S} s` } };
        res.status(429).set('Retry-After', String(AUDIT_RETRY_AFTER_S)).json(body);
        return;
      }
      res.json(await report);
    }),
  );
  return router;
}
