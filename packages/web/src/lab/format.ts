/** Number formats of the house-way lab. */

/** A fraction as a percentage with `digits` decimals in the language `lng` (`0.027212` → "2.721%"). */
export function percentText(lng: string, fraction: number, digits = 3): string {
  return new Intl.NumberFormat(lng, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(fraction);
}

/** An EV per unit staked, signed, five decimals (`-0.0305` → "−0.03050"). */
export function evText(ev: number): string {
  return `${ev >= 0 ? '+' : '−'}${Math.abs(ev).toFixed(5)}`;
}
