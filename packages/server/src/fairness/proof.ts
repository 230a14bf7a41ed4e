/**
 * The answer of `GET /api/rounds/<roundId>/fairness` (fairness.md "What is published"; docs/protocol.md):
 * the round's proof once it is settled or refunded, the commitment only while it is open (409, `openAnswer`: dealt,
 * or announced and not yet dealt), 404 for a round unknown or not dealt from seeds. The deck and the hands are the
 * ones the round was dealt (its private record); a round whose record cannot be read (refunded by recovery) gets
 * them from its seeds.
 */
import {
  dealHands,
  deckFromSeeds,
  DEFAULT_HOUSE_WAY,
  FAIRNESS_SCHEME,
  cardTexts,
  fromHex,
  readRoundResult,
  type FairnessCommitment,
  type FairnessProof,
  type ProofHand,
  type RoundState,
} from '@paigow/engine';
import type { HttpErrorBody } from '@paigow/protocol';
import type { RoundFairnessRecord } from '../ledger/index.js';
import { decodeRoundSecret } from '../table/recovery.js';

/** The HTTP status and JSON body of the fairness endpoint for one round. */
export type FairnessAnswer =
  | { readonly status: 200; readonly body: FairnessProof }
  | { readonly status: 409; readonly body: FairnessCommitment & HttpErrorBody }
  | { readonly status: 404; readonly body: HttpErrorBody };

/** The players' seats of a round's public record (`RoundPublic.players`). */
function publicSeats(record: unknown): number[] {
  const players = (record as { players?: unknown } | null)?.players;
  return Array.isArray(players) ? players.map((p) => (p as { seat: number }).seat) : [];
}

/** The hands as dealt: from the private record, else recomputed from the seeds and the public seats. */
function dealtHands(round: RoundState | null, deck: readonly number[], seats: readonly number[]): ProofHand[] {
  if (round !== null) {
    return [
      ...round.hands.map((hand) => ({ seat: hand.seat, cards: cardTexts(hand.cards) })),
      { seat: 'banker' as const, cards: cardTexts(round.bankerCards) },
    ];
  }
  return dealHands(deck, seats).map((hand) => ({ seat: hand.seat, cards: cardTexts(hand.cards) }));
}

/**
 * The answer for a round open in the sense of fairness.md ("`409` with the commitment only while the round is open"):
 * dealt and not yet settled or refunded, or announced (its commitment in the views) and not yet dealt.
 * 409: `scheme`, `roundId`, `commitment` (64 hex digits) and `error` (`action/out-of-phase`); never the server seed.
 */
export function openAnswer(roundId: string, commitment: string): FairnessAnswer {
  return {
    status: 409,
    body: {
      scheme: FAIRNESS_SCHEME,
      roundId,
      commitment,
      error: { code: 'action/out-of-phase', message: 'the round is open: its server seed is revealed when it is settled or refunded' },
    },
  };
}

/**
 * The fairness endpoint's answer for `record` (the ledger's `roundFairness`, `null` when unknown).
 * 200: fairness.md's fields exactly, plus `houseWay`, `settings` (each hand's setting and who set it,
 * the banker's by the house way) and `outcomes` (each player's high, low and outcome), both `null` for a
 * refunded round. 409 while open (`openAnswer`). 404: `action/unknown` for a round the ledger does not know (it may
 * be announced and not yet dealt: the route asks the announcements then) or one not dealt from seeds.
 */
export function fairnessAnswer(roundId: string, record: RoundFairnessRecord | null): FairnessAnswer {
  if (record === null || record.commitment === null || record.clientSeeds === null || record.serverSeed === null) {
    return { status: 404, body: { error: { code: 'action/unknown', message: `no provably fair round ${roundId}` } } };
  }
  if (record.status === 'open') return openAnswer(record.roundId, record.commitment);
  const round = decodeRoundSecret(record.secret);
  const seed = fromHex(record.serverSeed, 32);
  if (!seed.ok) throw new Error(`round ${record.roundId}: the stored server seed is not 32 bytes of hex`);
  const deck = round?.deck ?? deckFromSeeds(seed.value, record.roundId, record.clientSeeds);
  const result = record.status === 'settled' ? readRoundResult(record.result) : null;
  return {
    status: 200,
    body: {
      scheme: FAIRNESS_SCHEME,
      roundId: record.roundId,
      commitment: record.commitment,
      serverSeed: record.serverSeed,
      clientSeeds: record.clientSeeds,
      deck: cardTexts(deck),
      hands: dealtHands(round, deck, publicSeats(record.public)),
      houseWay: round?.rules.houseWay ?? DEFAULT_HOUSE_WAY,
      settings:
        result === null
          ? null
          : [
              ...result.players.map((p) => ({ seat: p.seat, high: [...p.setting.high], low: [...p.setting.low], setBy: p.setBy })),
              { seat: 'banker' as const, high: [...result.bankerHand.setting.high], low: [...result.bankerHand.setting.low], setBy: 'house-way' as const },
            ],
      outcomes: result === null ? null : result.players.map((p) => ({ seat: p.seat, high: p.high, low: p.low, outcome: p.outcome })),
    },
  };
}
