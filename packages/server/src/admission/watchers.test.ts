import { describe, expect, it } from 'vitest';
import { WATCHER_GRACE_MS, WATCHER_MEMORY_MS, Watchers } from './watchers.js';

/** Watchers on a clock the test moves, with players who sit and stand as the test says. */
function setup() {
  const clock = { now: 1_000_000 };
  const watchers = new Watchers(WATCHER_GRACE_MS, () => clock.now);
  const seated = new Set<string>();
  const closed: string[] = [];
  const place = (table: string, name: string) => ({ watching: () => !seated.has(`${table}/${name}`), close: () => closed.push(`${table}/${name}`) });
  /** `name` joins `table` (a new client; the room calls `enter` for each). */
  const enter = (table: string, name: string) => watchers.enter(table, name, place(table, name));
  /** What the room does when `name` sits at or stands up from `table` without being dealt in: a change, published with the player not in a round. */
  const sit = (table: string, name: string, sits: boolean) => {
    if (sits) seated.add(`${table}/${name}`);
    else seated.delete(`${table}/${name}`);
    watchers.dealtIn(table, name, false);
  };
  return { clock, watchers, seated, closed, enter, sit };
}

describe('Watchers: the grace a watcher has to sit (docs/server.md "Admission control")', () => {
  it('is not renewed by sitting down and standing up without being dealt in', () => {
    const { clock, watchers, closed, enter, sit } = setup();
    enter('t1', 'eve');
    // Every 20 s, Eve sits and stands straight up (both taken, no round played).
    for (let t = 20_000; t <= 120_000; t += 20_000) {
      clock.now = 1_000_000 + t;
      sit('t1', 'eve', true);
      sit('t1', 'eve', false);
      // Before the fix each stand restarted the grace: from 35 s on she was never evictable.
      expect(watchers.any()).toBe(t >= WATCHER_GRACE_MS);
    }
    expect(watchers.replaceLongest()).toBe(true);
    expect(closed).toEqual(['t1/eve']);
  });

  it('is not renewed by leaving and joining again, at that table or another, while the player is remembered', () => {
    const { clock, watchers, closed, enter } = setup();
    enter('t1', 'eve');
    // Eve leaves and comes back every 20 s, to the same table or the next.
    for (let t = 20_000; t <= 120_000; t += 20_000) {
      clock.now = 1_000_000 + t;
      const table = `t${t / 20_000}`;
      watchers.leave(t === 20_000 ? 't1' : `t${t / 20_000 - 1}`, 'eve');
      clock.now += 1_000;
      enter(table, 'eve');
      // Before the fix each join started a new grace.
      expect(watchers.any()).toBe(t >= WATCHER_GRACE_MS);
    }
    expect(watchers.replaceLongest()).toBe(true);
    expect(closed).toEqual(['t6/eve']);
    // Closed, she joins again: evictable at once (she came 2 minutes ago).
    enter('t6', 'eve');
    expect(watchers.any()).toBe(true);
    // Gone longer than the memory, she is a newcomer again.
    watchers.leave('t6', 'eve');
    clock.now += WATCHER_MEMORY_MS;
    enter('t1', 'eve');
    expect(watchers.any()).toBe(false);
    clock.now += WATCHER_GRACE_MS;
    expect(watchers.any()).toBe(true);
  });

  it('a player at two tables is remembered from its first arrival: leaving one table keeps it', () => {
    const { clock, watchers, enter } = setup();
    enter('t1', 'ann');
    clock.now += 20_000;
    enter('t2', 'ann');
    watchers.leave('t1', 'ann');
    clock.now += WATCHER_GRACE_MS - 20_000;
    // Her place at t2 is evictable 30 s after she first came, at t1.
    expect(watchers.any()).toBe(true);
  });

  it('protects a player who was dealt in for the grace after that round ended, at that table; sitting and standing again adds nothing', () => {
    const { clock, watchers, seated, closed, enter, sit } = setup();
    enter('t1', 'ann');
    enter('t2', 'ann');
    clock.now += 60_000;
    sit('t1', 'ann', true);
    // Dealt in: not evictable while the round lasts, however long.
    watchers.dealtIn('t1', 'ann', true);
    clock.now += 120_000;
    watchers.dealtIn('t1', 'ann', true);
    // Her place at t2, where she plays no round, is evictable; at t1 she is in a round.
    seated.delete('t1/ann');
    expect(watchers.replaceLongest()).toBe(true);
    expect(closed).toEqual(['t2/ann']);
    watchers.leave('t2', 'ann');
    seated.add('t1/ann');
    // The round ends (the change that settles it shows her in no round): then she stands up.
    clock.now += 5_000;
    sit('t1', 'ann', false);
    expect(watchers.any()).toBe(false);
    clock.now += WATCHER_GRACE_MS - 1;
    // Sitting and standing again restarts nothing.
    sit('t1', 'ann', true);
    sit('t1', 'ann', false);
    expect(watchers.any()).toBe(false);
    clock.now += 1;
    expect(watchers.any()).toBe(true);
  });

  it('a player who leaves in a round is remembered as having played until it left', () => {
    const { clock, watchers, enter } = setup();
    enter('t1', 'bo');
    clock.now += 60_000;
    watchers.dealtIn('t1', 'bo', true);
    clock.now += 10_000;
    watchers.leave('t1', 'bo');
    clock.now += 1_000;
    enter('t1', 'bo');
    watchers.dealtIn('t1', 'bo', false);
    expect(watchers.any()).toBe(false);
    clock.now += WATCHER_GRACE_MS - 1_000;
    expect(watchers.any()).toBe(true);
  });

  it('forgets players gone for the memory and rounds ended a grace ago (it does not grow)', () => {
    const { clock, watchers, enter } = setup();
    for (let i = 0; i < 100; i += 1) {
      enter('t1', `p${i}`);
      watchers.dealtIn('t1', `p${i}`, true);
      watchers.dealtIn('t1', `p${i}`, false);
      watchers.leave('t1', `p${i}`);
    }
    clock.now += WATCHER_MEMORY_MS;
    enter('t1', 'last');
    expect(watchers.remembered()).toEqual({ players: 1, rounds: 0 });
  });
});
