/**
 * The lease worker through a network partition between the process and PostgreSQL (docs/operations.md "Logs",
 * `lease-problem`). Its statements are bounded by `statement_timeout`, which the server enforces and whose error
 * cannot cross a partition: a renewal in flight waited for the partition's end, and no `lease-problem` line was
 * written (a refused connection writes one a renewal). The worker now gives up on the answer itself.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../testing/backends.js';
import { partitionRelay, type PartitionRelay } from '../testing/faults.js';
import { capturedLog } from '../testing/log-capture.js';
import type { Database } from '../storage/index.js';
import { ANSWER_MARGIN_MS } from '../storage/postgres.js';
import { LeaseKeeper, leaseProblemReporter } from './keeper.js';
import { registerInstance } from './lease.js';

const postgres = TEST_BACKENDS.find((backend) => backend.name === 'postgres')!;

/** The worker's statements time out after half the lease (1 s), connections likewise; a renewal every 200 ms. */
const LEASE = { leaseMs: 2_000, heartbeatMs: 200 };

describe.skipIf(!postgres.enabled)('the lease worker through a partition', () => {
  let direct: Database;
  let relay: PartitionRelay;
  let keeper: LeaseKeeper | undefined;

  beforeEach(async () => {
    direct = await postgres.open();
    relay = await partitionRelay(process.env.DATABASE_URL!);
  });
  afterEach(async () => {
    relay.resume();
    await keeper?.stop();
    keeper = undefined;
    await relay.close();
    await postgres.close(direct);
  });

  it('writes lease-problem lines (fault connection-lost) while it lasts, and renews again once it heals', async () => {
    const { logger, lines } = capturedLog();
    const renewals: number[] = [];
    await registerInstance(direct, 'i-cut', Date.now());
    keeper = new LeaseKeeper({
      target: { databaseUrl: relay.url, schema: direct.schema! },
      instanceId: 'i-cut',
      ...LEASE,
      stallMs: 60_000,
      onRenewed: (renewed, atMs) => renewed && renewals.push(atMs),
      onProblem: leaseProblemReporter(logger, 'i-cut'),
    });
    keeper.start();
    await expect.poll(() => renewals.length, { timeout: 5_000 }).toBeGreaterThan(0);

    relay.pause();
    const cutAt = Date.now();
    const problems = () => lines().filter((line) => line.event === 'lease-problem');
    // The renewal in flight is given up half a lease plus the margin after it was sent; the next ones cannot connect.
    await expect.poll(() => problems().length, { timeout: LEASE.leaseMs / 2 + ANSWER_MARGIN_MS + 2_000 }).toBeGreaterThan(0);
    expect(Date.now() - cutAt).toBeLessThan(LEASE.heartbeatMs + LEASE.leaseMs / 2 + ANSWER_MARGIN_MS + 500);
    expect(problems()[0]).toMatchObject({ level: 'warn', instanceId: 'i-cut', err: { message: 'Query read timeout' }, fault: 'connection-lost' });
    await expect.poll(() => problems().length, { timeout: LEASE.leaseMs / 2 + 1_000 }).toBeGreaterThan(1);
    expect(problems()[1]).toMatchObject({ err: { message: 'timeout expired' }, fault: 'connection-lost' });
    // Fenced: the lease was not confirmed for a whole lease.
    expect(keeper.held()).toBe(false);

    relay.resume();
    await expect.poll(() => keeper!.held(), { timeout: 5_000 }).toBe(true);
  }, 20_000);
});
