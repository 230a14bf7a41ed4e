/**
 * A tester's finding: during a failover `join-failed` was one `warn` line per join (48 in 15 s). The lines are
 * throttled per table and kind of failure (log/throttle.ts): the first of each is written, then one per
 * `LOG_REPEAT_MS` counting in `repeated` the joins not written in between.
 */
import { describe, expect, it, vi } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { createLogger } from '../log/index.js';
import { serverForSuite, signIn } from '../testing/harness.js';
import { JoinFailureLines } from './join-failures.js';

/** The JSON lines of `lines` whose event is `join-failed`. */
const joinFailed = (lines: readonly string[]): Record<string, unknown>[] =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === 'join-failed');

describe('join-failed lines during a failover', () => {
  const lines: string[] = [];
  const suite = serverForSuite('sqlite', { logger: createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } }) });

  it('writes the first join that failed of each table and kind, not one line per join', async () => {
    // Two listings whose host is elsewhere and never answers: each remote call times out (2 s), as during a failover.
    const ghosts = await Promise.all(['ghost-a', 'ghost-b'].map(async (roomId) => {
      const ghost = matchMaker.driver.createInstance({ roomId, name: 'table', processId: 'gone', clients: 0, maxClients: 7 });
      await ghost.save();
      return ghost;
    }));
    try {
      const session = await signIn(suite.server, 'Waiting');
      const join = (tableId: string) => fetch(`${suite.server.url}/matchmake/joinById/${tableId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: session.token }) });
      const answers = await Promise.all(['ghost-a', 'ghost-b'].flatMap((tableId) => Array.from({ length: 4 }, () => join(tableId))));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 503));
      expect(joinFailed(lines).map((line) => [line.tableId, line.msg, line.repeated])).toEqual([
        ['ghost-a', 'matchmaking: table ghost-a did not answer a join', undefined],
        ['ghost-b', 'matchmaking: table ghost-b did not answer a join', undefined],
      ]);

      // Another kind of failure at the same table has its own first line: the database did not answer the token check.
      const check = vi.spyOn(suite.server.players, 'resumeSession').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      try {
        await Promise.all([join('ghost-a'), join('ghost-a')]);
      } finally {
        check.mockRestore();
      }
      expect(joinFailed(lines).slice(2).map((line) => [line.tableId, line.msg])).toEqual([['ghost-a', 'matchmaking: the session of a join could not be checked']]);
    } finally {
      await Promise.all(ghosts.map((ghost) => ghost.remove()));
    }
  });
});

describe('JoinFailureLines', () => {
  it('counts the joins not written in the next line, and throttles ids the deployment does not know as one', async () => {
    const lines: string[] = [];
    const failures = new JoinFailureLines(createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } }), 50);
    const timedOut = new Error('remote room (t) timed out, requesting "reserveSeatFor with args [{"token":"secret"}]". (2000ms exceeded)');
    for (let join = 0; join < 5; join++) failures.write('small', true, 'table-unanswered', timedOut, 'matchmaking: table small did not answer a join');
    for (const id of ['x1', 'x2', 'x3']) failures.write(id, false, 'other', new Error('Redis is away'), 'matchmaking: a join failed');
    expect(joinFailed(lines).map((line) => [line.tableId, line.repeated])).toEqual([['small', undefined], ['x1', undefined]]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    failures.write('small', true, 'table-unanswered', timedOut, 'matchmaking: table small did not answer a join');
    expect(joinFailed(lines)[2]).toMatchObject({ level: 'warn', tableId: 'small', repeated: 4, err: { message: 'remote room (t) timed out, requesting "reserveSeatFor". (2000ms exceeded)' } });
    expect(lines.join('\n')).not.toContain('secret');
  });
});
