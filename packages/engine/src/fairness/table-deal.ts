/**
 * The provably fair deal at the table (fairness.md §1, §2, §6): the client seeds locked by Deal and by
 * the banker's approval, and the deck of a round dealt from a server seed. Called by the table reducer;
 * the server brings the server seed (`DealMaterial.serverSeed`, 32 bytes from node:crypto) with the
 * `deal` action the reducer asks for, and keeps it until the reveal.
 */

import type { Card } from '../cards/index.js';
import { err, ok, type Result } from '../errors/index.js';
import type { DealMaterial } from '../table/actions.js';
import type { PlayerState, RoundFairness, TableState } from '../table/state.js';
import { checkChosenSeed, clientSeedsString, commitmentOf, deckFromSeeds, FAIRNESS_SCHEME, NO_CLIENT_SEED, type ClientSeedEntry } from './scheme.js';

/**
 * The client seed sent with a Deal, an approval or auto-approve (fairness.md §2), to lock.
 * @returns the seed, or `null` when none was sent; `fairness/bad-client-seed` when it is not
 *   1‥64 printable ASCII without `|` or `:`, or is `none` (`checkChosenSeed`)
 */
export function seedToLock(seed: string | undefined): Result<string | null> {
  if (seed === undefined) return ok(null);
  const checked = checkChosenSeed(seed);
  return checked.ok ? checked : err(checked.error.code, checked.error.message);
}

/**
 * The deck of the round being dealt from the server seed in `deal` (fairness.md §3–§5) and its public
 * facts; `null` when the material carries a given deck instead. Deal order (fairness.md §6): `players`
 * (the players with a bet, in seat order), then a player banker as `B`; the house contributes no seed.
 * @throws PaiGowError `fairness/bad-server-seed` unless the server seed is 32 bytes
 */
export function seededDeck(s: TableState, players: readonly PlayerState[], deal: DealMaterial): { deck: Card[]; fairness: RoundFairness } | null {
  if (!('serverSeed' in deal)) return null;
  const entries: ClientSeedEntry[] = players.map((p) => ({ seat: p.seat as number, seed: p.clientSeed ?? NO_CLIENT_SEED }));
  if (s.banker !== null) entries.push({ seat: 'B', seed: s.banker.clientSeed ?? NO_CLIENT_SEED });
  const clientSeeds = clientSeedsString(entries);
  return {
    deck: deckFromSeeds(deal.serverSeed, deal.roundId, clientSeeds),
    fairness: { scheme: FAIRNESS_SCHEME, commitment: commitmentOf(deal.serverSeed), clientSeeds },
  };
}
