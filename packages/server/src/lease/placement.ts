/**
 * Which live instance should host each table (docs/server.md "Table hosting"): rendezvous hashing with
 * bounded loads. Plain rendezvous hashing (each table to the instance with the highest
 * `sha256(table, instance)`) is stable but uneven on few tables: 4 tables on 3 instances often land 2/2/0.
 * Here each instance may hold ⌊T/P⌋ tables, and `T mod P` of them one more (T tables, P instances that
 * announced some), so the loads differ by at most one. The (table, instance) pairs are taken in a fixed
 * order, best-ranked first; a pair is kept when its table has no host yet and its instance has room. A pure
 * function of the live instances' rows: every process computes the same assignment from the same rows.
 * The claim (`claimTable`) still decides who actually hosts a table; this only says who should.
 */
import { createHash } from 'node:crypto';
import type { LiveInstance } from './table-hosts.js';

/** The rank of `instanceId` for `tableId`: higher is preferred (rendezvous hashing). */
function score(tableId: string, instanceId: string): string {
  return createHash('sha256').update(`${tableId}\u0000${instanceId}`).digest('hex');
}

/**
 * The preferred host of every table some live instance knows, by table id.
 *
 * When every instance knows every table, each hosts ⌊T/P⌋ or ⌈T/P⌉ tables (none is idle when T ≥ P). When
 * they know different tables (a rolling deploy), a table goes only to an instance that knows it, the tables
 * fewest instances know first; if all of those are full, to the one of them holding fewest (the bound is
 * then exceeded, as it must be). Instances with no tables (draining) get none and do not count in P.
 * @param live the live instances and the tables each can host (`liveInstances`)
 */
export function placeTables(live: readonly Pick<LiveInstance, 'instanceId' | 'tableIds'>[]): Map<string, string> {
  const knownBy = new Map<string, Set<string>>();
  for (const { instanceId, tableIds } of live) {
    for (const tableId of tableIds) knownBy.set(tableId, (knownBy.get(tableId) ?? new Set()).add(instanceId));
  }
  const load = new Map<string, number>();
  for (const instances of knownBy.values()) for (const instanceId of instances) load.set(instanceId, 0);
  const placement = new Map<string, string>();
  if (load.size === 0) return placement;
  const floor = Math.floor(knownBy.size / load.size);
  // How many instances may still take one table more than `floor`: the loads then add up to T exactly.
  let aboveFloor = knownBy.size % load.size;
  const pairs = [...knownBy].flatMap(([tableId, instances]) => [...instances].map((instanceId) => ({ tableId, instanceId, known: instances.size, score: score(tableId, instanceId) })));
  // The tables fewest instances can host first (so that shared tables do not crowd them out), then the best-ranked pairs.
  pairs.sort((a, b) => a.known - b.known || compare(b.score, a.score) || compare(a.tableId, b.tableId));
  for (const { tableId, instanceId } of pairs) {
    const held = load.get(instanceId)!;
    if (placement.has(tableId) || held > floor || (held === floor && aboveFloor === 0)) continue;
    if (held === floor) aboveFloor -= 1;
    load.set(instanceId, held + 1);
    placement.set(tableId, instanceId);
  }
  // Only with different table lists: a table whose instances are all full goes to the least loaded of them (best-ranked on a tie).
  for (const tableId of [...knownBy.keys()].sort(compare)) {
    if (placement.has(tableId)) continue;
    const [chosen] = [...knownBy.get(tableId)!].sort((a, b) => load.get(a)! - load.get(b)! || compare(score(tableId, b), score(tableId, a)));
    load.set(chosen, load.get(chosen)! + 1);
    placement.set(tableId, chosen);
  }
  return placement;
}

/** Code-unit order of two strings (not the locale's, which may differ between processes). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
