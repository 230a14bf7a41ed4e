/**
 * The project's error model (architecture.md, "Errors").
 *
 * Expected failures are values: `Result<T>` carries either the value or a `RuleError`
 * with a code from the closed, namespaced `ErrorCode` union. Trusted-input helpers
 * (tests, CLI literals) throw a `PaiGowError` carrying the same code instead.
 * Invariant breaks are thrown as plain `Error`s and never caught.
 */

/** Every error code the project returns, server and client included. */
export const ERROR_CODES = [
  // card notation (rules.md §1)
  'card/malformed',
  'card/duplicate',
  'card/second-joker',
  'card/wrong-count',
  // settings (rules.md §2.4)
  'setting/foul',
  'setting/not-your-cards',
  'setting/wrong-split',
  // wagers and table actions (rules.md §5)
  'bet/over-limit',
  'bet/under-limit',
  'bet/invalid-amount',
  'bet/closed',
  'bet/none',
  'bet/banker-cannot-cover',
  'action/not-your-turn',
  'action/stale',
  'action/duplicate',
  'action/unknown',
  'action/invalid',
  'action/not-seated',
  'action/table-full',
  'action/seat-taken',
  'action/out-of-phase',
  'action/unavailable',
  'action/idle-wait',
  'bank/bets-down',
  'bank/house-banks-next',
  'bank/not-eligible',
  'bank/occupied',
  'auth/invalid-nickname',
  'auth/reserved-nickname',
  'auth/invalid-session',
  // provably fair rounds (fairness.md)
  'fairness/bad-client-seed',
  'fairness/bad-server-seed',
  'fairness/bad-proof',
  'fairness/seed-locked',
  // money
  'ledger/insufficient-funds',
  'ledger/unknown-account',
  'ledger/not-broke',
  // limits against abuse (docs/server.md "Limits")
  'rate/limited',
  'rate/too-many-connections',
  'seat/address-limit',
  // capacity of one server process (docs/server.md "Admission control")
  'server/overloaded',
  // the deployment's coordination store (Redis) out of reach: a join is refused, try again shortly (docs/server.md "Matchmaking")
  'server/coordination-unavailable',
  // configuration supplied by an operator (pay tables, table rules)
  'config/invalid',
] as const;

/** A namespaced error code, e.g. `'card/malformed'`. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A rejected input: a stable code for programs and an English message for people. */
export interface RuleError {
  readonly code: ErrorCode;
  readonly message: string;
}

/** The outcome of an operation that may be refused. */
export type Result<T, E = RuleError> = { ok: true; value: T } | { ok: false; error: E };

/** Wraps a value as a successful `Result`. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Wraps a code and message as a failed `Result`. */
export function err(code: ErrorCode, message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { code, message } };
}

/**
 * The one error class that carries a code. The engine throws it from the convenience functions meant for
 * trusted input, with the same `ErrorCode` as the `Result` form; other packages subclass it with their own
 * codes `C` and a `name` (the server's `ServerStartError`, the web client's `ApiError`).
 * @param code what went wrong, for programs (`card/malformed`, `port-in-use`, ...)
 * @param message one line for people
 * @param options `{ cause }`: the error that caused this one
 */
export class PaiGowError<C extends string = ErrorCode> extends Error {
  override name = 'PaiGowError';
  readonly code: C;
  constructor(code: C, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Returns the value of a `Result`, or throws its error as a `PaiGowError`.
 * For trusted input only (tests, literals); user input must be handled as a `Result`.
 */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new PaiGowError(result.error.code, result.error.message);
}

/** True when `code` is one of the project's error codes (for validating messages from the wire). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}
