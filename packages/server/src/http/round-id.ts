/**
 * What a round id read from a URL (a path segment, a query) may be before a route asks the database for it.
 * Rounds are named by UUIDv7s (`fairness/round-seeds.ts`); any id of 1 to `ROUND_ID_MAX_LENGTH` visible ASCII
 * characters is looked up, anything else names no round and is answered as an unknown round without a query:
 * PostgreSQL refuses text with a NUL byte, and `/api/rounds/%00/fairness` was answered 503 "try again" with an
 * error line and its stack in the log, at will and signed out, where SQLite found no round (an attacker's test).
 */

/** The longest round id looked up (a UUID has 36 characters). */
export const ROUND_ID_MAX_LENGTH = 64;

/** Whether `id` (from a request) may name a round: 1–`ROUND_ID_MAX_LENGTH` characters, each visible ASCII (`!` to `~`). */
export function mayNameRound(id: string): boolean {
  return id.length >= 1 && id.length <= ROUND_ID_MAX_LENGTH && /^[\x21-\x7e]+$/.test(id);
}
