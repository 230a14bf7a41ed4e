/**
 * Play money for a browser test's guest, written into the running server's SQLite ledger as an operator's
 * outside writer would (docs/server.md "Database faults": the server takes one): a `grant` transfer from
 * the `issuance` account to the player's wallet, with its two entries and the accounts' new balances and
 * versions, in one `BEGIN IMMEDIATE` transaction — what the ledger's own `postTransfers` writes, so the
 * ledger still balances and its entries still chain. The server reads a balance fresh from the database
 * when the player comes to a page or sits at a table, so a test sees the new balance from then on.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RunningServer } from './server.js';

interface AccountRow {
  readonly id: string;
  readonly balance_cents: number;
  readonly version: number;
}

/**
 * Sets the balance of the guest named `nickname` (one player of that name) to `balanceCents`, issuing the
 * difference; the server must be a SQLite one started by `startServer`.
 * @throws Error when no or several players have that name, or when the balance would go down
 */
export function setBalance(server: RunningServer, nickname: string, balanceCents: number): void {
  const db = new Database(join(server.dataDir, 'paigow.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    const players = db.prepare('select id from players where nickname = ?').all(nickname) as { id: string }[];
    if (players.length !== 1) throw new Error(`${players.length} players are named ${nickname}`);
    const wallet = `wallet:${players[0]!.id}`;
    const post = db.transaction(() => {
      const account = db.prepare('select id, balance_cents, version from accounts where id = ?');
      const from = account.get('issuance') as AccountRow;
      const to = account.get(wallet) as AccountRow;
      const amount = balanceCents - to.balance_cents;
      if (amount <= 0) throw new Error(`${nickname} already holds ${to.balance_cents} cents, not under ${balanceCents}`);
      const transferId = randomUUID();
      db.prepare(
        `insert into transfers (id, idempotency_key, from_account_id, to_account_id, amount_cents, kind, round_id, created_at)
         values (?, ?, ?, ?, ?, 'grant', null, ?)`,
      ).run(transferId, `e2e-grant:${wallet}:${to.version + 1}`, from.id, to.id, amount, Date.now());
      const entry = db.prepare(
        `insert into entries (account_id, account_version, transfer_id, amount_cents, balance_before_cents, balance_after_cents)
         values (?, ?, ?, ?, ?, ?)`,
      );
      const move = db.prepare('update accounts set balance_cents = ?, version = ? where id = ? and version = ?');
      for (const [row, signed] of [[from, -amount], [to, amount]] as const) {
        entry.run(row.id, row.version + 1, transferId, signed, row.balance_cents, row.balance_cents + signed);
        if (move.run(row.balance_cents + signed, row.version + 1, row.id, row.version).changes !== 1) throw new Error(`account ${row.id} changed`);
      }
    });
    post.immediate();
  } finally {
    db.close();
  }
}
