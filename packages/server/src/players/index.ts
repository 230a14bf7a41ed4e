export { NICKNAME_MAX_LENGTH, RESERVED_NICKNAMES, validateNickname } from './nickname.js';
export { createPlayers, DEFAULT_SESSION_IDLE_MS, type GuestSession, type Player, type Players, type PlayersOptions } from './players.js';
