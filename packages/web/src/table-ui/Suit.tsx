/**
 * Suit symbols as inline SVG, so the cards look the same whatever fonts the device has.
 * Suit index 0‥3 = spades, hearts, diamonds, clubs (engine/src/cards).
 */

const PATHS: readonly string[] = [
  // spade
  'M50 4C61 24 96 40 96 63c0 13-10 22-22 22-9 0-15-4-19-10 1 10 5 17 13 21H32c8-4 12-11 13-21-4 6-10 10-19 10C14 85 4 76 4 63 4 40 39 24 50 4z',
  // heart
  'M50 92C22 68 4 50 4 30 4 15 15 4 29 4c9 0 17 5 21 13 4-8 12-13 21-13 14 0 25 11 25 26 0 20-18 38-46 62z',
  // diamond
  'M50 2l40 48-40 48-40-48z',
  // club
  'M50 6a21 21 0 0 1 18 32 21 21 0 1 1-12 35c1 10 5 17 12 23H32c7-6 11-13 12-23a21 21 0 1 1-12-35A21 21 0 0 1 50 6z',
];

/** A star for the joker. */
const STAR = 'M50 4l13 31 33 3-25 22 8 33-29-18-29 18 8-33L4 38l33-3z';

/** One suit symbol (or the joker's star when `suit` is -1), sized by CSS (`1em` square by default). */
export function Suit({ suit, className }: { suit: number; className?: string }) {
  return (
    <svg className={className ?? 'suit'} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <path d={suit < 0 ? STAR : PATHS[suit]} fill="currentColor" />
    </svg>
  );
}
