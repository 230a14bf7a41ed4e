/**
 * Provably fair rounds (fairness.md, scheme `paigow-shuffle-v1`): SHA-256 and HMAC-SHA256, the deck from
 * the server seed and the client seeds, the deal order, and the verification of a published proof.
 */
export { hmacSha256, sha256 } from './sha256.js';
export {
  CLIENT_SEED_MAX_LENGTH,
  FAIRNESS_SCHEME,
  SERVER_SEED_BYTES,
  checkChosenSeed,
  checkClientSeed,
  clientSeedsString,
  commitmentOf,
  dealHands,
  deckFromSeeds,
  fromHex,
  toHex,
  utf8,
  type ClientSeedEntry,
  type DealtHand,
  type SeedSeat,
} from './scheme.js';
export {
  parseClientSeeds,
  parseProof,
  proofResults,
  verifyProof,
  type FairnessCommitment,
  type FairnessProof,
  type OutcomeValues,
  type ProofDifference,
  type ProofDifferenceCode,
  type ProofHand,
  type ProofOutcome,
  type ProofResults,
  type ProofSeat,
  type ProofSetting,
  type Recomputed,
  type SettingCards,
  type Verification,
} from './proof.js';
export { chiSquareTest, upperGammaQ, type ChiSquare } from './chi-square.js';
export { NO_CLIENT_SEED } from './scheme.js';
export { DAILY_CLIENT_SEED, DAILY_HANDS, dailyHand } from './daily.js';
