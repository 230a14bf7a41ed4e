/**
 * The name a player goes by at one table (docs/server.md "Sessions", docs/protocol.md `TableView`). Nicknames are
 * not unique on the site (a guest is disposable, the player id is what is unique), so two players at one table may
 * have the same one, or two that read alike (`Anna`, `Аnna` with a Cyrillic А, `Anna 2`): the seats, the reveal
 * and the results would show them as one. The second to come is shown with a number that nobody can type into a
 * nickname (parentheses are not allowed in one): `Anna (2)`.
 */
import type { TableState } from '@paigow/engine';
import { nicknameSkeletons } from '../players/nickname-skeleton.js';

/** How many names' readings `readingsOf` keeps (all are dropped when it is full): the names at the process's tables. */
const READINGS_KEPT = 10_000;

/** The readings of the names seen lately, by name: a room of 200 read every name again at each join (17 ms). */
const readings = new Map<string, readonly string[]>();

/** `nicknameSkeletons(name)`, read once while it is kept. */
function readingsOf(name: string): readonly string[] {
  let found = readings.get(name);
  if (found === undefined) {
    if (readings.size >= READINGS_KEPT) readings.clear();
    found = nicknameSkeletons(name);
    readings.set(name, found);
  }
  return found;
}

/** The names shown at the table now, but `playerId`'s: the room's players', the round's hands' and the last round's. */
function namesOfOthers(state: TableState, playerId: string): string[] {
  const people = [...Object.values(state.players), ...(state.round?.hands ?? []), ...(state.lastRound?.players ?? [])];
  const bankers = [state.round?.banker ?? null, state.lastRound?.banker.kind === 'player' ? state.lastRound.banker : null];
  return [...people, ...bankers.filter((banker) => banker !== null)].filter((person) => person.playerId !== playerId).map((person) => person.nickname);
}

/**
 * Whether `name` reads as one of `others`: some reading of players/nickname-skeleton.ts (which ignores case, accents,
 * spaces, `_`, `-` and invisible characters, and reads look-alike letters of any script as one) is the same of both.
 */
function readsAsOneOf(name: string, others: readonly string[]): boolean {
  const mine = readingsOf(name);
  return others.some((other) => readingsOf(other).some((reading, index) => reading === mine[index]));
}

/**
 * The name `playerId`, whose account's nickname is `nickname`, is shown by at the table of `state` when it joins
 * (or rejoins): the name it has at the table already if it is still in the room and no other name there reads like
 * it; else its nickname, unless a name shown at the table (another player's in the room, in the round in play or in
 * the last round's result, a banker's) reads like it; else its nickname followed by the first number from 2 that
 * makes it read like none of them: `Anna (2)`, `Anna (3)`.
 * @param nickname the account's nickname (`Player.nickname`, as validated by players/nickname.ts)
 */
export function tableNickname(state: TableState, playerId: string, nickname: string): string {
  const others = namesOfOthers(state, playerId);
  const current = state.players[playerId]?.nickname;
  if (current !== undefined && !readsAsOneOf(current, others)) return current;
  let name = nickname;
  for (let number = 2; readsAsOneOf(name, others); number++) name = `${nickname} (${number})`;
  return name;
}
