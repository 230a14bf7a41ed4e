/**
 * The client address each seat of one table was taken from, for the cap on seats per address (`seatsPerIp`,
 * `PAIGOW_SEATS_PER_IP`; docs/server.md "Limits"): an attacker's six guests from one address sat in every seat of a
 * table and kept them with a 1.00 round a minute, past the idle-seat limit, and a real player was told
 * `action/table-full`.
 *
 * - **Units**: seats of one table, counted per address as the per-IP limits count it (`http/client-address.ts`:
 *   the client a trusted proxy names, an IPv6 one by its /64); the address of a seat is that of the connection whose
 *   `sit` took it.
 * - **Counted**: the seats taken (the banker's included: a player banks from its seat), held while their players'
 *   connections are lost, and those being taken (a `sit` let through and not yet answered, so two at once cannot
 *   both pass the last place). A seat whose player stood up, left or was removed counts no more.
 * - **Never refused**: a player who is seated already (its `sit` is the table's to answer), a player coming back
 *   to its kept seat (a join sends no `sit`), and a player on the server's own machine (a loopback address that no
 *   trusted proxy replaced: someone trying several players at once with `npm start`, or bots beside the server; a
 *   player from elsewhere behind a proxy on this machine counts as the client the proxy names).
 * - **Errors**: `claim` answers `seat/address-limit` at the cap; nothing else is refused here.
 */
import type { RuleError } from '@paigow/engine';
import { isLoopbackKey } from '../http/client-address.js';

/** The addresses of one table's seats (see the module comment); one per room. */
export class SeatAddresses {
  /** The address of each seat counted (taken or being taken), by its player. */
  private readonly addressOf = new Map<string, string>();
  /** The `sit`s of each player let through and not yet answered (`settle`). */
  private readonly pending = new Map<string, number>();

  /**
   * @param perAddress the most seats of this table that players from one address may hold (at least 1)
   * @param seated whether a player has a seat at this table now (taken, or held while its connection is lost)
   */
  constructor(
    private readonly perAddress: number,
    private readonly seated: (playerId: string) => boolean,
  ) {}

  /**
   * A `sit` of `playerId` from `address`: let through (counted as being taken until `settle`) unless the address
   * holds `perAddress` seats here already, its players' other than this one.
   * @returns null when let through (then call `settle` once the table has answered it), else the refusal
   *   (`seat/address-limit`)
   */
  claim(playerId: string, address: string): RuleError | null {
    if (isLoopbackKey(address)) return null;
    if (!this.seated(playerId)) {
      this.forgetFreed();
      let held = 0;
      for (const [other, at] of this.addressOf) if (other !== playerId && at === address) held++;
      if (held >= this.perAddress) {
        return { code: 'seat/address-limit', message: `players from your network address hold ${held} of this table's seats, the most one address may: sit at another table` };
      }
      this.addressOf.set(playerId, address);
    } else if (!this.addressOf.has(playerId)) {
      // Seated (its `sit` is the table's to answer, after a `stand` queued before it perhaps): its seat is counted.
      this.addressOf.set(playerId, address);
    }
    this.pending.set(playerId, (this.pending.get(playerId) ?? 0) + 1);
    return null;
  }

  /** The table answered a `sit` that `claim` let through: its seat stays counted if the player now has one. */
  settle(playerId: string): void {
    if (!this.pending.has(playerId)) return;
    const left = (this.pending.get(playerId) ?? 1) - 1;
    if (left > 0) this.pending.set(playerId, left);
    else this.pending.delete(playerId);
    if (left <= 0 && !this.seated(playerId)) this.addressOf.delete(playerId);
  }

  /**
   * A connection of `playerId` from `address` joined: a seat without an address (one a new host gave back after the
   * table moved, `TableRunner.reseat`) is counted for it. A seat that has one keeps it.
   */
  joined(playerId: string, address: string): void {
    if (!isLoopbackKey(address) && this.seated(playerId) && !this.addressOf.has(playerId)) this.addressOf.set(playerId, address);
  }

  /** Drops the seats freed since (stood up, left, removed): neither taken nor being taken. */
  private forgetFreed(): void {
    for (const playerId of this.addressOf.keys()) if (!this.pending.has(playerId) && !this.seated(playerId)) this.addressOf.delete(playerId);
  }
}
