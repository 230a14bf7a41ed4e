/**
 * Notices waiting for their player (docs/protocol.md `notice`): one that happens while the player has
 * no client at the table (a disconnection's own consequences, a round recovered after a restart) is
 * kept here and sent when the player joins again. Bounded, in memory: at most `perPlayer` notices per
 * player (the oldest dropped) and `players` players (the longest waiting dropped), so a player who
 * never comes back costs little; a restart forgets them (the history still has every round).
 */
import type { Notice } from '@paigow/engine';

/** Notices kept for players who are not connected. */
export class NoticeBox {
  private readonly waiting = new Map<string, Notice[]>();

  /**
   * @param perPlayer most notices kept per player (default 20)
   * @param players most players with notices kept (default 10,000)
   */
  constructor(
    private readonly perPlayer = 20,
    private readonly players = 10_000,
  ) {}

  /** Keeps `notice` for `playerId` until `take`. */
  add(playerId: string, notice: Notice): void {
    const list = this.waiting.get(playerId) ?? [];
    list.push(notice);
    if (list.length > this.perPlayer) list.splice(0, list.length - this.perPlayer);
    this.waiting.delete(playerId);
    this.waiting.set(playerId, list); // most recent last
    while (this.waiting.size > this.players) {
      const oldest = this.waiting.keys().next().value as string;
      this.waiting.delete(oldest);
    }
  }

  /** The notices kept for `playerId`, oldest first; they are removed. */
  take(playerId: string): Notice[] {
    const list = this.waiting.get(playerId) ?? [];
    this.waiting.delete(playerId);
    return list;
  }
}
