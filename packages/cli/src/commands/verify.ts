/**
 * `paigow verify <roundId> --server URL` and `paigow verify --file proof.json` (issue 15, fairness.md):
 * recompute a round's commitment, deck, hands, house-way settings and outcomes from its published proof
 * (`GET /api/rounds/<roundId>/fairness`) and say "verified" or exactly what differs.
 *
 * Exit status: 0 verified; 1 something differs (each difference on its own line), a server's proof of another
 * round than the one asked for included; 2 bad input (one line on stderr: no such round, a round still open, a file
 * that is not a proof, a server that does not answer).
 */

import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parseProof, proofResults, unwrap, verifyProof, type ProofDifference, type ProofResults, type ProofSeat } from '@paigow/engine';
import { printJson, printText, UsageError } from '../io.js';

/** Exit status when the proof does not verify. */
export const EXIT_NOT_VERIFIED = 1;

/**
 * Fetches the proof of `roundId` from the game server at `server` (e.g. `http://localhost:2567`).
 * @returns the parsed JSON body of a 200 answer
 * @throws UsageError for an unknown round (404), a round still open (409: its commitment is named), any
 *   other status, a server that cannot be reached or a body that is not JSON
 */
export async function fetchProof(server: string, roundId: string): Promise<unknown> {
  let url: URL;
  try {
    url = new URL(`/api/rounds/${encodeURIComponent(roundId)}/fairness`, server);
  } catch {
    throw new UsageError(`'${server}' is not a server URL (e.g. http://localhost:2567)`);
  }
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new UsageError(`cannot reach ${url.origin} (${(error as Error).message})`);
  }
  const body = (await response.json().catch(() => null)) as { commitment?: unknown } | null;
  if (response.status === 404) throw new UsageError(`the server knows no provably fair round ${roundId}`);
  if (response.status === 409) throw new UsageError(`round ${roundId} is still open (commitment ${String(body?.commitment)}): its server seed is revealed when it is settled`);
  if (response.status !== 200 || body === null) throw new UsageError(`the server answered ${response.status} for round ${roundId}`);
  return body;
}

/**
 * Reads a proof file (the JSON of the fairness endpoint).
 * @throws UsageError when the file cannot be read or is not JSON
 */
function readProofFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`${path} is not JSON`);
  }
}

const seatName = (seat: ProofSeat): string => (seat === 'banker' ? 'the banker' : `seat ${seat}`);

/** English words for `checkSetting`'s refusals (rules.md §2.4), as the engine's messages say them. */
const ILLEGAL_SETTING: Readonly<Record<string, string>> = {
  'setting/foul': 'foul: the low hand must not outrank the high hand',
  'setting/wrong-split': 'a setting is a high hand of 5 cards and a low hand of 2 different cards',
};

/**
 * One difference of a proof (the engine's `ProofDifference`: a code and values) as one English line: the field,
 * what was published and what the seeds give, e.g. `deck position 5: published 7d, the seeds give Jk`.
 * Seats and deck positions are the proof's own numbers (from 0).
 */
export function differenceLine(d: ProofDifference): string {
  switch (d.code) {
    case 'commitment':
      return `commitment: published ${d.params.published}, SHA-256 of the server seed is ${d.params.expected}`;
    case 'deck-card':
      return `deck position ${d.params.position}: published ${d.params.published}, the seeds give ${d.params.expected}`;
    case 'client-seeds-order':
      return `clientSeeds: the seeds (${d.params.published.join(', ')}) are not the seats dealt in deal order (${d.params.expected.join(', ')}, then B for a player banker)`;
    case 'hand-cards':
      return `hand of ${seatName(d.params.seat)}: published ${d.params.published.join(' ')}, the deck deals ${d.params.expected.join(' ')}`;
    case 'settings-count':
      return `settings: ${d.params.published} settings for ${d.params.expected} hands`;
    case 'outcomes-count':
      return `outcomes: ${d.params.published} outcomes for ${d.params.expected} players`;
    case 'setting-missing':
      return `settings: no setting for ${seatName(d.params.seat)}`;
    case 'outcome-missing':
      return `outcomes: no outcome for ${seatName(d.params.seat)}`;
    case 'setting-illegal':
      return `setting of ${seatName(d.params.seat)}: ${d.params.reason === 'setting/not-your-cards' ? `${d.params.card} is not one of your cards` : ILLEGAL_SETTING[d.params.reason]}`;
    case 'setting-not-house-way': {
      const { published: p, expected: e } = d.params;
      return `setting of ${seatName(d.params.seat)}: published ${p.high.join(' ')} / ${p.low.join(' ')}, the house way sets ${e.high.join(' ')} / ${e.low.join(' ')}`;
    }
    case 'outcome': {
      const { published: p, expected: e } = d.params;
      return `outcome of ${seatName(d.params.seat)}: published high ${p.high}, low ${p.low}, ${p.outcome}; the settings give high ${e.high}, low ${e.low}, ${e.outcome}`;
    }
  }
}

/** A proof's verdict as `paigow verify` prints it: the round, and one English line per difference. */
export interface VerifyReport {
  readonly roundId: string;
  readonly verified: boolean;
  /** A refunded round's proof: `settings` and `outcomes` both `null`, nothing played out to check. */
  readonly refunded: boolean;
  /**
   * What the proof says of how the round ended (engine `proofResults`): `'given'` (the settings and outcomes were
   * checked), `'refunded'`, or `'not-given'` (both absent: only the commitment, the deck and the hands were there
   * to check, and the proof does not say the round was refunded).
   */
  readonly results: ProofResults;
  readonly differences: readonly string[];
}

/**
 * Verifies a proof (engine `verifyProof`: commitment, deck, hands, settings, outcomes) and words what differs
 * in English (`differenceLine`); says whether it gave settings and outcomes to check, was refunded (both `null`)
 * or left them out (both absent: not a refund), as engine `proofResults` reads it.
 * @throws UsageError when the input is not a proof at all (`fairness/bad-proof`)
 */
export function verifyOrRefuse(proof: unknown): VerifyReport {
  const verified = verifyProof(proof);
  if (!verified.ok) throw new UsageError(`not a proof: ${verified.error.message}`);
  // A proof verifyProof took parses, and its settings and outcomes agree (proofResults is not null).
  const parsed = unwrap(parseProof(proof));
  const results = proofResults(parsed) as ProofResults;
  // Refunded only when the proof says so (both null): a settled round's proof with its results cut out said "refunded".
  return { roundId: parsed.roundId, verified: verified.value.verified, refunded: results === 'refunded', results, differences: verified.value.differences.map(differenceLine) };
}

/** A UUID, which names the same round in capitals or not (RFC 9562). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A server's verdict checked against the round asked for: a proof of another round (a valid one proves nothing of
 * the round asked for) does not verify, whatever else it shows. The report then names the round asked for, and
 * its first difference says which round the server answered.
 * @param asked the round id given on the command line
 */
export function forRound(report: VerifyReport, asked: string): VerifyReport {
  const same = report.roundId === asked || (UUID.test(asked) && report.roundId.toLowerCase() === asked.toLowerCase());
  if (same) return report;
  return {
    roundId: asked,
    verified: false,
    refunded: report.refunded,
    results: report.results,
    differences: [`roundId: the server answered round ${report.roundId} for round ${asked}`, ...report.differences],
  };
}

/** Why a verified proof's settings and outcomes were not checked, as `paigow verify` says it. */
const RESULTS_UNCHECKED: Readonly<Record<Exclude<ProofResults, 'given'>, string>> = {
  refunded: '(refunded: no settings or outcomes)',
  'not-given': '(no settings or outcomes given: how the round ended is not checked)',
};

/** Registers `paigow verify` on the program. */
export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description("replay a round's provably fair shuffle from its proof and check the deck, the hands, the settings and the outcomes")
    .argument('[roundId]', 'the round to fetch from --server')
    .option('--server <url>', 'the game server to fetch the proof from, e.g. http://localhost:2567')
    .option('--file <proof.json>', 'verify a proof saved as JSON instead')
    .option('--json', 'print one JSON document: {"roundId", "verified", "refunded", "results", "differences"}')
    .action(async (roundId: string | undefined, options: { server?: string; file?: string; json?: boolean }) => {
      const fromFile = options.file !== undefined && roundId === undefined && options.server === undefined;
      const fromServer = options.file === undefined && roundId !== undefined && options.server !== undefined;
      // A round id or a server beside --file was dropped unread, and the file's round reported verified.
      if (!fromFile && !fromServer) throw new UsageError('give either <roundId> --server URL or --file proof.json');
      const proof = options.file !== undefined ? readProofFile(options.file) : await fetchProof(options.server as string, roundId as string);
      // A server's proof must be of the round asked for: a valid proof of another round was reported "verified".
      const report = fromServer ? forRound(verifyOrRefuse(proof), roundId as string) : verifyOrRefuse(proof);
      if (options.json) printJson({ roundId: report.roundId, verified: report.verified, refunded: report.refunded, results: report.results, differences: report.differences });
      else if (report.verified && report.results !== 'given') printText(`verified: round ${report.roundId} ${RESULTS_UNCHECKED[report.results]}: the commitment, the deck and the hands all follow from the seeds`);
      else if (report.verified) printText(`verified: round ${report.roundId}: the commitment, the deck, the hands, the settings and the outcomes all follow from the seeds`);
      else printText([`NOT verified: round ${report.roundId}:`, ...report.differences.map((d) => `  ${d}`)].join('\n'));
      if (!report.verified) process.exitCode = EXIT_NOT_VERIFIED;
    });
}
