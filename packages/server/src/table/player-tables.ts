/**
 * Which tables each player is at (issue 11 point 4c): an index kept by the tables' runners, so that a
 * deal or a settlement re-reads the balances at only the other tables where its players sit
 * (`refreshElsewhere` in server.ts) instead of looking through every table of the process.
 */

/** Player id → the ids of the tables whose state holds that player (seated or watching). One per server. */
export class PlayerTables {
  private readonly tables = new Map<string, Set<string>>();

  /**
   * Table `tableId`'s players were `before` and are `after` (objects keyed by player id, as
   * `TableState.players`): records who came and who went. O(players at the table).
   */
  update(tableId: string, before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): void {
    for (const playerId in after) {
      if (playerId in before) continue;
      let at = this.tables.get(playerId);
      if (at === undefined) {
        at = new Set();
        this.tables.set(playerId, at);
      }
      at.add(tableId);
    }
    for (const playerId in before) {
      if (playerId in after) continue;
      const at = this.tables.get(playerId);
      at?.delete(tableId);
      if (at?.size === 0) this.tables.delete(playerId);
    }
  }

  /** The ids of the tables `playerId` is at (empty when none). */
  of(playerId: string): ReadonlySet<string> {
    return this.tables.get(playerId) ?? EMPTY;
  }

  /** Players at one table or more. */
  get size(): number {
    return this.tables.size;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
