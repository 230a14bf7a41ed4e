export { NICKNAME_MAX_LENGTH, validateNickname } from './nickname.js';
export { createPlayers, type GuestSession, type Player, type Players } from './players.js';
