/**
 * `paigow verify` and `paigow audit-fairness` as users run them (issue 15): "verified" with status 0, what
 * differs with status 1, bad input with status 2 and one line on stderr. (The round played through the
 * server and verified by this command's logic is in packages/server/src/fairness/fairness.test.ts.)
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, dealHands, deckFromSeeds, formatCard, houseWay, parseHand, scoreHands, settingValues, unwrap } from '@paigow/engine';
import { startServer, type ServerHandle } from '@paigow/server';
import { BIN, buildCli, expectBadInput, paigow, ROOT, type Run } from '../testing/cli.js';
import { differenceLine } from './verify.js';

beforeAll(buildCli, 120_000);

const vectors = (JSON.parse(readFileSync(join(ROOT, 'reference', 'fairness-vectors.json'), 'utf8')) as {
  vectors: { serverSeed: string; commitment: string; roundId: string; clientSeeds: string; deck: string[]; hands: unknown[] }[];
}).vectors;

/** `paigow <args>` without blocking this process (the server under test runs in it). */
function paigowAsync(args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && name !== 'PAIGOW_DATA_DIR')) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** What `paigow verify` says of a proof without settings and outcomes (the shared document's fields only). */
const NOT_GIVEN = '(no settings or outcomes given: how the round ended is not checked)';

describe('paigow verify --file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'paigow-verify-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const write = (name: string, text: string): string => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };
  const v = vectors[2];
  const proof = { scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: v.deck, hands: v.hands };

  it('says "verified" and exits 0 for a true proof', () => {
    const r = paigow(['verify', '--file', write('good.json', JSON.stringify(proof))]);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    // This vector has the shared document's fields only, no settings or outcomes: the sentence names only what was checked.
    expect(r.stdout).toBe(`verified: round c4d1e8a2-9f3b-47c6-8e05-71b2d9a6f3e8 ${NOT_GIVEN}: the commitment, the deck and the hands all follow from the seeds\n`);
    const json = paigow(['verify', '--file', write('good.json', JSON.stringify(proof)), '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ roundId: v.roundId, verified: true, refunded: false, results: 'not-given', differences: [] });
  });

  /** Vector 2 settled: every hand set by the house way, each player's outcome against the banker's. */
  function settledProof(): Record<string, unknown> {
    const hands = v.hands as { seat: number | 'banker'; cards: string[] }[];
    const set = hands.map((hand) => ({ seat: hand.seat, setting: houseWay(unwrap(parseHand(hand.cards))) }));
    const banker = settingValues(set[set.length - 1].setting);
    return {
      ...proof,
      houseWay: 'seeds',
      settings: set.map(({ seat, setting }) => ({ seat, high: setting.high.map(formatCard), low: setting.low.map(formatCard), setBy: 'house-way' })),
      outcomes: set
        .filter((s) => s.seat !== 'banker')
        .map(({ seat, setting }) => {
          const score = scoreHands(settingValues(setting), banker);
          return { seat, high: score.high, low: score.low, outcome: score.outcome };
        }),
    };
  }

  it('says "refunded" only for a proof whose settings and outcomes are null, not for one that leaves them out (a tester: it said refunded)', () => {
    const settled = settledProof();
    const run = (name: string, body: Record<string, unknown>): { text: Run; json: unknown } => {
      const file = write(name, JSON.stringify(body));
      const text = paigow(['verify', '--file', file]);
      const json = paigow(['verify', '--file', file, '--json']);
      expect(text).toMatchObject({ status: 0, stderr: '' });
      expect(json).toMatchObject({ status: 0, stderr: '' });
      return { text, json: JSON.parse(json.stdout) };
    };
    // The settled round's proof with its results removed: verified for what it holds, and not called refunded.
    const { settings: _settings, outcomes: _outcomes, ...stripped } = settled;
    const without = run('stripped.json', stripped);
    expect(without.text.stdout).not.toMatch(/refunded/);
    expect(without.text.stdout).toBe(`verified: round ${v.roundId} ${NOT_GIVEN}: the commitment, the deck and the hands all follow from the seeds\n`);
    expect(without.json).toEqual({ roundId: v.roundId, verified: true, refunded: false, results: 'not-given', differences: [] });
    // The settled round's proof, whole.
    const checked = run('settled.json', settled);
    expect(checked.text.stdout).toBe(`verified: round ${v.roundId}: the commitment, the deck, the hands, the settings and the outcomes all follow from the seeds\n`);
    expect(checked.json).toEqual({ roundId: v.roundId, verified: true, refunded: false, results: 'given', differences: [] });
    // A refunded round's proof writes both as null.
    const refunded = run('refunded.json', { ...settled, settings: null, outcomes: null });
    expect(refunded.text.stdout).toBe(`verified: round ${v.roundId} (refunded: no settings or outcomes): the commitment, the deck and the hands all follow from the seeds\n`);
    expect(refunded.json).toEqual({ roundId: v.roundId, verified: true, refunded: true, results: 'refunded', differences: [] });
    // One null and the other left out is neither: not a proof.
    expectBadInput(paigow(['verify', '--file', write('half-null.json', JSON.stringify({ ...stripped, settings: null }))]), /^paigow: not a proof: settings and outcomes must both be null \(a refunded round\), both be given .* or both be absent /);
  });

  it('refuses a proof altered in one byte (status 1) and says exactly what differs', () => {
    const text = JSON.stringify(proof);
    const at = text.indexOf(v.serverSeed) + 5;
    const altered = text.slice(0, at) + (text[at] === 'a' ? 'b' : 'a') + text.slice(at + 1);
    const r = paigow(['verify', '--file', write('altered.json', altered)]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`NOT verified: round ${v.roundId}:`);
    expect(lines[1]).toMatch(/^ {2}commitment: published [0-9a-f]{64}, SHA-256 of the server seed is [0-9a-f]{64}$/);
    expect(lines.slice(2).some((line) => /^ {2}deck position \d+: published \S+, the seeds give \S+$/.test(line))).toBe(true);
    expect(lines.slice(2).every((line) => /^ {2}(deck position|hand of) /.test(line))).toBe(true);
  });

  it('exits 2 with one line for a missing file, a file that is not JSON or not a proof, and bad arguments', () => {
    expectBadInput(paigow(['verify', '--file', join(folder, 'none.json')]), /^paigow: cannot read .*none\.json \(ENOENT\)$/);
    expectBadInput(paigow(['verify', '--file', write('bad.json', '{')]), /^paigow: .*bad\.json is not JSON$/);
    expectBadInput(paigow(['verify', '--file', write('other.json', '{"scheme":"other"}')]), "not a proof: scheme must be 'paigow-shuffle-v1'");
    expectBadInput(paigow(['verify']), 'give either <roundId> --server URL or --file proof.json');
    expectBadInput(paigow(['verify', 'r1']), 'give either <roundId> --server URL or --file proof.json');
    // A round id or a server beside --file was ignored, and the file's own round reported verified.
    const good = write('good.json', JSON.stringify(proof));
    expectBadInput(paigow(['verify', 'abc', '--file', good]), 'give either <roundId> --server URL or --file proof.json');
    expectBadInput(paigow(['verify', '--file', good, '--server', 'http://127.0.0.1:3999']), 'give either <roundId> --server URL or --file proof.json');
    // Outcomes without settings were never checked, yet 'verified'.
    const outcomes = [{ seat: 0, high: 'win', low: 'win', outcome: 'win' }];
    expectBadInput(paigow(['verify', '--file', write('half.json', JSON.stringify({ ...proof, houseWay: 'seeds', settings: null, outcomes }))]), /^paigow: not a proof: settings and outcomes must both be null/);
  });
});

describe('paigow verify words the engine’s differences (codes and values) in English', () => {
  it('prints every kind of difference as the line it always printed', () => {
    const hex = (c: string) => c.repeat(64);
    const lines = [
      differenceLine({ code: 'commitment', params: { published: hex('a'), expected: hex('b') } }),
      differenceLine({ code: 'deck-card', params: { position: 5, published: '7d', expected: 'Jk' } }),
      differenceLine({ code: 'client-seeds-order', params: { published: [3, 1, 'B'], expected: [1, 3] } }),
      differenceLine({ code: 'hand-cards', params: { seat: 'banker', published: ['As', 'Kd', 'Qc', 'Jh', 'Ts', '9d', '8c'], expected: ['Jk', 'Kd', 'Qc', 'Jh', 'Ts', '9d', '8c'] } }),
      differenceLine({ code: 'settings-count', params: { published: 2, expected: 3 } }),
      differenceLine({ code: 'outcomes-count', params: { published: 1, expected: 2 } }),
      differenceLine({ code: 'setting-missing', params: { seat: 4 } }),
      differenceLine({ code: 'outcome-missing', params: { seat: 0 } }),
      differenceLine({ code: 'setting-illegal', params: { seat: 1, reason: 'setting/foul', card: null } }),
      differenceLine({ code: 'setting-illegal', params: { seat: 1, reason: 'setting/not-your-cards', card: 'Qs' } }),
      differenceLine({ code: 'setting-illegal', params: { seat: 1, reason: 'setting/wrong-split', card: null } }),
      differenceLine({
        code: 'setting-not-house-way',
        params: { seat: 'banker', published: { high: ['As', 'Ad', '9c', '7h', '5s'], low: ['Kd', '2c'] }, expected: { high: ['As', 'Ad', '9c', '7h', '2c'], low: ['Kd', '5s'] } },
      }),
      differenceLine({ code: 'outcome', params: { seat: 2, published: { high: 'win', low: 'win', outcome: 'lose' }, expected: { high: 'win', low: 'copy', outcome: 'push' } } }),
    ];
    expect(lines).toEqual([
      `commitment: published ${hex('a')}, SHA-256 of the server seed is ${hex('b')}`,
      'deck position 5: published 7d, the seeds give Jk',
      'clientSeeds: the seeds (3, 1, B) are not the seats dealt in deal order (1, 3, then B for a player banker)',
      'hand of the banker: published As Kd Qc Jh Ts 9d 8c, the deck deals Jk Kd Qc Jh Ts 9d 8c',
      'settings: 2 settings for 3 hands',
      'outcomes: 1 outcomes for 2 players',
      'settings: no setting for seat 4',
      'outcomes: no outcome for seat 0',
      'setting of seat 1: foul: the low hand must not outrank the high hand',
      'setting of seat 1: Qs is not one of your cards',
      'setting of seat 1: a setting is a high hand of 5 cards and a low hand of 2 different cards',
      'setting of the banker: published As Ad 9c 7h 5s / Kd 2c, the house way sets As Ad 9c 7h 2c / Kd 5s',
      'outcome of seat 2: published high win, low win, lose; the settings give high win, low copy, push',
    ]);
  });
});

describe('paigow verify <roundId> --server URL and paigow audit-fairness', () => {
  let server: ServerHandle;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paigow-verify-server-'));
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, log: () => undefined });
    const player = await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname: 'Vera' }) });
    const { player: vera } = (await player.json()) as { player: { id: string } };
    // Two rounds dealt from seeds by hand: one refunded (closed), one left open.
    for (const [roundId, seedByte] of [['closed-round', 9], ['open-round', 10]] as const) {
      const seed = new Uint8Array(32).fill(seedByte);
      const opened = await server.ledger.openRound({
        roundId,
        tableId: 'table-1',
        bankerPlayerId: null,
        // Owned by this live server: a round without a live owner is recovered (refunded) at its next lease renewal.
        ownerInstanceId: server.instanceId,
        holds: [{ playerId: vera.id, kind: 'main', amountCents: 100 }],
        secret: { version: 99 },
        public: { players: [{ seat: 2, nickname: 'Vera', bets: { main: 100, fortune: 0 } }] },
        fairness: { commitment: commitmentOf(seed), clientSeeds: '2:vera', serverSeed: Buffer.from(seed).toString('hex') },
      });
      expect(opened.ok).toBe(true);
    }
    expect((await server.ledger.refundRound('closed-round', 'test')).ok).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fetches and verifies a closed round', async () => {
    const r = await paigowAsync(['verify', 'closed-round', '--server', server.url, '--json']);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({ roundId: 'closed-round', verified: true, refunded: true, results: 'refunded', differences: [] });
    const deck = deckFromSeeds(new Uint8Array(32).fill(9), 'closed-round', '2:vera');
    const proof = (await (await fetch(`${server.url}/api/rounds/closed-round/fairness`)).json()) as { hands: unknown };
    expect(proof.hands).toEqual(dealHands(deck, [2]).map((h) => ({ seat: h.seat, cards: h.cards.map(formatCard) })));
  });

  it('exits 2 for a round still open, an unknown round and a server that does not answer', async () => {
    expectBadInput(await paigowAsync(['verify', 'open-round', '--server', server.url]), /^paigow: round open-round is still open \(commitment [0-9a-f]{64}\): its server seed is revealed when it is settled$/);
    expectBadInput(await paigowAsync(['verify', 'nope', '--server', server.url]), 'the server knows no provably fair round nope');
    expectBadInput(await paigowAsync(['verify', 'nope', '--server', 'http://127.0.0.1:9']), /^paigow: cannot reach http:\/\/127\.0\.0\.1:9 /);
  });

  it('audit-fairness reads the closed rounds of the configured database', async () => {
    await server.close();
    const r = await paigowAsync(['audit-fairness', '--data-dir', dataDir, '--json']);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    const report = JSON.parse(r.stdout) as { rounds: number; flagged: boolean; tests: { name: string; sample: number }[] };
    expect(report).toMatchObject({ rounds: 1, flagged: false });
    expect(report.tests.map((t) => [t.name, t.sample])).toEqual([
      ['banker-category', 1],
      ['fortune-line', 2],
      ['outcome', 0],
    ]);
    const text = await paigowAsync(['audit-fairness', '--data-dir', dataDir]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^fairness audit of .*: 1 closed rounds dealt from seeds$/m);
    expect(text.stdout).toMatch(/^no test below p = 0\.001$/m);
    expectBadInput(await paigowAsync(['audit-fairness', '--data-dir', dataDir, '--limit', '0']), /^paigow: --limit must be a whole number from 1 to /);
  });
});

describe('paigow verify <roundId> --server URL: the proof must be of the round asked for', () => {
  // A fake server that answers every request with the true proof of one round (vector 2's).
  const v = vectors[2];
  const proof = { scheme: 'paigow-shuffle-v1', roundId: v.roundId, commitment: v.commitment, serverSeed: v.serverSeed, clientSeeds: v.clientSeeds, deck: v.deck, hands: v.hands };
  const asked: string[] = [];
  let fake: Server;
  let url: string;
  beforeAll(async () => {
    fake = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(proof));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  it('says NOT verified (status 1) when the server answers the valid proof of another round', async () => {
    const other = '11111111-2222-3333-4444-555555555555';
    const r = await paigowAsync(['verify', other, '--server', url]);
    expect(asked).toContain(`/api/rounds/${other}/fairness`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    expect(r.stdout.trimEnd().split('\n')).toEqual([`NOT verified: round ${other}:`, `  roundId: the server answered round ${v.roundId} for round ${other}`]);
    const json = await paigowAsync(['verify', other, '--server', url, '--json']);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ roundId: other, verified: false, refunded: false, results: 'not-given', differences: [`roundId: the server answered round ${v.roundId} for round ${other}`] });
  });

  it('verifies the round asked for (a round id in capitals is the same UUID)', async () => {
    expect(await paigowAsync(['verify', v.roundId, '--server', url, '--json'])).toMatchObject({ status: 0, stderr: '' });
    const r = await paigowAsync(['verify', v.roundId.toUpperCase(), '--server', url]);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    expect(r.stdout).toMatch(/^verified: round /);
  });
});
