/**
 * Casino chips of 1, 5, 25 and 100 (rules.md §5) in the classic colours: 1 white with blue
 * stripes, 5 red, 25 green, 100 black. Pure CSS: a striped edge (conic gradient) and a face.
 */
import type { CSSProperties } from 'react';
import type { ChipValue } from './model.js';

export { CHIP_VALUES, chipsFor, type ChipValue } from './model.js';

/** A chip's face: `size` in px via CSS variable. */
export function ChipFace({ value, size }: { value: ChipValue; size?: number }) {
  const style = size ? ({ '--chip-size': `${size}px` } as CSSProperties) : undefined;
  return (
    <span className={`chip chip--${value}`} style={style} aria-hidden="true">
      <span className="chip__face">{value}</span>
    </span>
  );
}

/** A tower of chips seen from the side; at most `max` chips are drawn. */
export function ChipTower({ chips, max = 10 }: { chips: readonly ChipValue[]; max?: number }) {
  const shown = chips.slice(-max);
  return (
    <span className="tower" aria-hidden="true">
      {shown.map((v, i) => (
        <span key={i} className={`tower__chip chip chip--${v}`} style={{ '--i': i } as CSSProperties}>
          <span className="chip__face" />
        </span>
      ))}
    </span>
  );
}
