/**
 * How every setting of the environment is read (docs/operations.md "Settings"), one way for all of them:
 * - unset is the default; set but empty or only spaces is refused (`settingText`): a failed secret substitution
 *   (`DATABASE_URL=`) used to mean the default silently, e.g. SQLite under ./data in production;
 * - a number is plain decimal digits (`wholeSetting`), or for a fraction digits with one optional point
 *   (`decimalSetting`): no sign, spaces, `_`, exponent, hex (`0x10`) or binary (`0b11`) form, which `Number()` took
 *   (`PORT=0x10` served on port 16, `PORT=1e3` on 1000), and each within its documented range.
 */
import { PaiGowError } from '@paigow/engine';

/**
 * Two settings, each well-formed, that cannot go together (the start exits with status 2, as for any bad setting);
 * `message` is one line naming both variables and their values.
 */
export class SettingsConflictError extends PaiGowError<'settings/conflict'> {
  override name = 'SettingsConflictError';
  constructor(message: string) {
    super('settings/conflict', message);
  }
}

/** A whole number setting: plain decimal digits. */
const WHOLE = /^\d+$/;

/** A fraction setting: plain decimal digits with one optional point between digits (`7`, `0.5`). */
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The text of the setting `name`, `undefined` when it is unset.
 * @throws Error `<name> is set but empty: unset it to use the default` when it is empty or only spaces
 */
export function settingText(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = env[name];
  if (text === undefined) return undefined;
  if (text.trim() === '') throw new Error(`${name} is set but empty: unset it to use the default`);
  return text;
}

/**
 * Refuses every variable of `names` that is set but empty or only spaces (`settingText`).
 * @throws Error naming the first such variable
 */
export function refuseEmptySettings(env: NodeJS.ProcessEnv, names: Iterable<string>): void {
  for (const name of names) settingText(env, name);
}

/**
 * `text`, the value of `name`, as a whole number within `min`‥`max` (`unit`, e.g. `ms`, for the message).
 * @throws Error `<name> must be a whole number of <unit> from <min> to <max> (decimal digits only), got '<text>'`
 */
export function wholeNumber(name: string, text: string, min: number, max: number, unit: string): number {
  const value = WHOLE.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) throw new Error(`${name} must be a whole number of ${unit} from ${min} to ${max} (decimal digits only), got '${text}'`);
  return value;
}

/**
 * The whole-number setting `name` within `min`‥`max` (`wholeNumber`), `undefined` when unset.
 * @throws Error naming the variable when it is empty, not plain decimal digits or out of the range
 */
export function wholeSetting(env: NodeJS.ProcessEnv, name: string, min: number, max: number, unit: string): number | undefined {
  const text = settingText(env, name);
  return text === undefined ? undefined : wholeNumber(name, text, min, max, unit);
}

/**
 * The setting `name` as a plain decimal (digits, one optional point) above `above` and at most `max`, `undefined` when unset.
 * @throws Error naming the variable when it is empty, not such a decimal or out of the range
 */
export function decimalSetting(env: NodeJS.ProcessEnv, name: string, above: number, max: number, unit: string): number | undefined {
  const text = settingText(env, name);
  if (text === undefined) return undefined;
  const value = DECIMAL.test(text) ? Number(text) : Number.NaN;
  if (!(value > above && value <= max)) throw new Error(`${name} must be a number of ${unit} above ${above} and at most ${max} (decimal digits, one optional point), got '${text}'`);
  return value;
}
