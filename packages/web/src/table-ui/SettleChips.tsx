/**
 * The chips of a settlement, in motion (issue 14 point 6): on a win the bank's chips slide down onto
 * the bet, on a loss the bet's chips slide up to the bank, on a push they rise and settle back. CSS
 * only (styles.css `settle-chips`): drawn once per round (keyed by its id), decorative (`aria-hidden`),
 * never waited for, and not drawn at all under `prefers-reduced-motion`.
 */
import type { WagerOutcome } from '@paigow/engine';
import { ChipFace } from './Chip.js';
import { chipsFor } from './model.js';

/** At most this many chips fly. */
const MAX_CHIPS = 4;

export function SettleChips({ outcome, cents }: { outcome: WagerOutcome; cents: number }) {
  const chips = chipsFor(Math.abs(cents)).slice(0, MAX_CHIPS);
  if (chips.length === 0) return null;
  return (
    <span className={`settle-chips settle-chips--${outcome}`} data-testid="settle-chips" data-outcome={outcome} aria-hidden="true">
      {chips.map((v, i) => (
        <span key={i} className="settle-chips__chip" style={{ animationDelay: `${i * 40}ms` }}>
          <ChipFace value={v} size={30} />
        </span>
      ))}
    </span>
  );
}
