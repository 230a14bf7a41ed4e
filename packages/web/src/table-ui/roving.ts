/**
 * Roving focus in a toolbar (WAI-ARIA Authoring Practices, "Toolbar"): the toolbar is one Tab stop, the
 * arrow keys (and Home / End) move between its enabled controls, so the chips and the bet tools cost two
 * Tabs on the way to Deal instead of nine (issue 14 point 5). Pure: no React, no DOM.
 */

/**
 * The index of the control that holds the toolbar's Tab stop: `remembered` (the one last focused) when it
 * is enabled, else the first enabled one; `-1` when none is enabled.
 * @param enabled whether each control, in order, is enabled
 */
export function rovingStop(enabled: readonly boolean[], remembered: number): number {
  if (remembered >= 0 && enabled[remembered]) return remembered;
  return enabled.indexOf(true);
}

/**
 * The index the focus moves to from `from` on `key`, skipping disabled controls and wrapping around:
 * ArrowRight / ArrowDown the next, ArrowLeft / ArrowUp the previous, Home the first, End the last enabled;
 * `null` for any other key (the toolbar leaves it alone) or when no control is enabled.
 */
export function rovingMove(enabled: readonly boolean[], from: number, key: string): number | null {
  const n = enabled.length;
  if (!enabled.includes(true)) return null;
  const scan = (start: number, step: number): number => {
    for (let i = 0, at = start; i < n; i++, at = (at + step + n) % n) if (enabled[at]) return at;
    return -1;
  };
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return scan((from + 1) % n, 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return scan((from - 1 + n) % n, -1);
    case 'Home':
      return scan(0, 1);
    case 'End':
      return scan(n - 1, -1);
    default:
      return null;
  }
}
