/**
 * The `limit` query parameter of the HTTP routes that page or bound what they read (`GET /api/history`,
 * `GET /api/fairness/audit`; docs/protocol.md "HTTP").
 */

/** A plain whole number in decimal digits: no sign, point, exponent (`1e5`), radix prefix (`0x10`) or spaces. */
const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * Reads `value`, a request's `req.query.limit`: `undefined` when absent (the route's default applies), the
 * number when it is one plain decimal whole number from 1 to `max`, else `null` (the route answers
 * `400 action/invalid`): never another number read from it as `Number()` would (`1e5`, `0x10`, ` 5`, `''`),
 * nor a repeated parameter (an array).
 */
export function queryLimit(value: unknown, max: number): number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !DECIMAL_DIGITS.test(value)) return null;
  const limit = Number(value);
  return limit >= 1 && limit <= max ? limit : null;
}
