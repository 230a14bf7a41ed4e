import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import { issuanceAccountId } from '../ledger/accounts.js';
import { createLedger } from '../ledger/ledger.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { createPlayers, type Players } from './players.js';
import { hashSessionToken } from './session-token.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`players on ${backend.title}`, () => {
    let database: Database;
    let players: Players;
    beforeEach(async () => {
      database = await backend.open();
      players = createPlayers(database);
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('creates a guest whose wallet holds 1,000.00 of play money issued by the issuance account', async () => {
      const { player, sessionToken } = unwrap(await players.createGuest('  Alice '));
      expect(player).toMatchObject({ nickname: 'Alice', compPoints: 0, balanceCents: 100_000 });
      expect(sessionToken).toMatch(/^[0-9a-f]{64}$/);
      const ledger = createLedger(database);
      expect(unwrap(await ledger.balance(player.id))).toBe(100_000);
      const balances = await ledger.accountBalances();
      expect(balances.find((account) => account.accountId === issuanceAccountId(player.id))?.balanceCents).toBe(-100_000);
      expect(balances.find((account) => account.playerId === player.id)).toMatchObject({
        kind: 'wallet',
        balanceCents: 100_000,
      });
      expect(await ledger.sumOfBalances()).toBe(0);
      expect(await ledger.audit()).toEqual([]);
    });

    it('keeps the language the player chose, refusing other values and unknown players (issue 14)', async () => {
      const { player, sessionToken } = unwrap(await players.createGuest('Lena'));
      expect(player.language).toBeNull();
      expect(unwrap(await players.setLanguage(player.id, 'ru')).language).toBe('ru');
      expect(unwrap(await players.resumeSession(sessionToken)).language).toBe('ru');
      const refused = await players.setLanguage(player.id, 'ru-RU');
      expect(refused.ok ? null : refused.error.code).toBe('action/invalid');
      const unknown = await players.setLanguage('no-such-player', 'de');
      expect(unknown.ok ? null : unknown.error.code).toBe('ledger/unknown-account');
      expect((await players.getPlayer(player.id))?.language).toBe('ru');
    });

    it('gives every guest its own id and token, even with the same nickname', async () => {
      const first = unwrap(await players.createGuest('Sam'));
      const second = unwrap(await players.createGuest('Sam'));
      expect(first.player.id).not.toBe(second.player.id);
      expect(first.sessionToken).not.toBe(second.sessionToken);
    });

    it('refuses a new guest named for the dealer, and keeps an account that already has such a name', async () => {
      const refused = await players.createGuest('Dealer');
      expect(refused.ok ? undefined : refused.error.code).toBe('auth/reserved-nickname');
      // An account made before the rule keeps its name: it signs in and is read as it is.
      const { player, sessionToken } = unwrap(await players.createGuest('Old Timer'));
      await database.db.updateTable('players').set({ nickname: 'House' }).where('id', '=', player.id).execute();
      expect(unwrap(await players.resumeSession(sessionToken)).nickname).toBe('House');
      expect((await players.getPlayer(player.id))?.nickname).toBe('House');
    });

    it('refuses a bad nickname and creates nothing', async () => {
      for (const nickname of ['', '   ', 'x'.repeat(21), 'drop table;']) {
        const result = await players.createGuest(nickname);
        expect(result.ok ? undefined : result.error.code).toBe('auth/invalid-nickname');
      }
      expect(await database.db.selectFrom('players').selectAll().execute()).toEqual([]);
      expect(await createLedger(database).sumOfBalances()).toBe(0);
    });

    it('resumes a session from its token and stores only the token hash', async () => {
      const { player, sessionToken } = unwrap(await players.createGuest('Bob'));
      expect(unwrap(await players.resumeSession(sessionToken))).toEqual(player);
      const stored = await database.db.selectFrom('players').select('session_hash').executeTakeFirstOrThrow();
      expect(stored.session_hash).toBe(hashSessionToken(sessionToken));
      expect(stored.session_hash).not.toContain(sessionToken);
    });

    it('refuses unknown and malformed tokens with auth/invalid-session', async () => {
      const { sessionToken } = unwrap(await players.createGuest('Eve'));
      const hash = hashSessionToken(sessionToken);
      for (const token of ['', 'nope', hash, sessionToken.toUpperCase(), `${sessionToken} `, 'f'.repeat(64)]) {
        const result = await players.resumeSession(token);
        expect(result.ok ? undefined : result.error.code).toBe('auth/invalid-session');
      }
    });

    it('expires a session unused for the idle time, renewing its last use at most once a minute', async () => {
      let clock = 1_000_000;
      const timed = createPlayers(database, { now: () => clock, sessionIdleMs: 10 * 60_000 });
      const { player, sessionToken } = unwrap(await timed.createGuest('Ida'));
      const seen = async (): Promise<number | null> =>
        (await database.db.selectFrom('players').select('session_seen_at_ms').where('id', '=', player.id).executeTakeFirstOrThrow()).session_seen_at_ms;
      clock += 30_000;
      expect(unwrap(await timed.resumeSession(sessionToken)).id).toBe(player.id);
      expect(await seen()).toBeNull(); // used within a minute of its creation: nothing written
      clock += 9 * 60_000;
      expect(unwrap(await timed.resumeSession(sessionToken)).id).toBe(player.id);
      expect(await seen()).toBe(clock);
      clock += 10 * 60_000; // exactly the idle time since the last use: still alive
      expect((await timed.resumeSession(sessionToken)).ok).toBe(true);
      clock += 10 * 60_000 + 1;
      expect(await timed.resumeSession(sessionToken)).toEqual({ ok: false, error: { code: 'auth/invalid-session', message: 'this session expired; sign in again' } });
      expect((await timed.revokeSession(sessionToken)).ok).toBe(false);
    });

    it('keeps the sessions of a table: renews those used, names those expired or signed out', async () => {
      let clock = 5_000_000;
      const timed = createPlayers(database, { now: () => clock, sessionIdleMs: 10 * 60_000 });
      expect(timed.sessionCheckMs).toBe(60_000);
      const used = unwrap(await timed.createGuest('Una'));
      const idle = unwrap(await timed.createGuest('Ivo'));
      const gone = unwrap(await timed.createGuest('Gus'));
      unwrap(await timed.revokeSession(gone.sessionToken));
      const seen = async (id: string): Promise<number | null> =>
        (await database.db.selectFrom('players').select('session_seen_at_ms').where('id', '=', id).executeTakeFirstOrThrow()).session_seen_at_ms;
      clock += 6 * 60_000;
      const ids = [used.player.id, idle.player.id, gone.player.id, 'no-such-player'];
      const first = await timed.keepSessions(ids, new Set([used.player.id]));
      expect([...first]).toEqual([[gone.player.id, { code: 'auth/invalid-session', message: 'this session was signed out; sign in again' }]]);
      expect(await seen(used.player.id)).toBe(clock);
      expect(await seen(idle.player.id)).toBeNull();
      clock += 6 * 60_000; // 12 minutes since Ivo's last use, 6 since Una's
      const second = await timed.keepSessions(ids, new Set());
      expect(second.get(idle.player.id)).toEqual({ code: 'auth/invalid-session', message: 'this session expired; sign in again' });
      expect(second.has(used.player.id)).toBe(false);
      expect(await timed.keepSessions([], new Set())).toEqual(new Map());
    });

    it('revokes a session for good; a bad token revokes nothing', async () => {
      const { player, sessionToken } = unwrap(await players.createGuest('Rex'));
      const other = unwrap(await players.createGuest('Ray'));
      expect((await players.revokeSession('f'.repeat(64))).ok).toBe(false);
      expect(unwrap(await players.revokeSession(sessionToken)).id).toBe(player.id);
      expect(await players.resumeSession(sessionToken)).toEqual({ ok: false, error: { code: 'auth/invalid-session', message: 'this session was signed out; sign in again' } });
      expect((await players.revokeSession(sessionToken)).ok).toBe(false);
      expect(unwrap(await players.resumeSession(other.sessionToken)).id).toBe(other.player.id);
    });

    it('gets a player by id with the current balance, or undefined', async () => {
      const { player } = unwrap(await players.createGuest('Carol'));
      expect(await players.getPlayer(player.id)).toEqual(player);
      expect(await players.getPlayer('no-such-player')).toBeUndefined();
    });
  });
}
