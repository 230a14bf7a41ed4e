/** Number formats of the house-way lab. */
import { formatDecimal } from '../app/i18n/index.js';

/** A fraction as a percentage with `digits` decimals in the language `lng` (`0.027212` → "2.721%"). */
export function percentText(lng: string, fraction: number, digits = 3): string {
  return new Intl.NumberFormat(lng, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(fraction);
}

/**
 * An EV per unit staked (or a difference of two), signed, five decimals, in the language `lng`
 * through `formatDecimal` (`-0.0305` → "−0.03050" in English, "−0,03050" in German).
 */
export function evText(lng: string, ev: number): string {
  return `${ev >= 0 ? '+' : '−'}${formatDecimal(lng, Math.abs(ev), 5)}`;
}

/** A count (of hands, rounds) in the language `lng` through `formatDecimal` (`154143080` → "154.143.080" in German). */
export function countText(lng: string, n: number): string {
  return formatDecimal(lng, n, 0);
}
