/**
 * A toolbar with roving focus (roving.ts): one Tab stop for its buttons, the arrow keys between them.
 * The Tab stop stays on the button last focused while it is enabled. `useRovingFocus` gives the same to an element
 * that is more than a toolbar (the seats' row, which also scrolls: SeatsBar.tsx).
 */
import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { rovingMove, rovingStop } from './roving.js';

/**
 * Roving focus over the `button` descendants of `ref`'s element: the handlers to put on that element. The Tab stop is
 * the button last focused while it is enabled, else `home`'s (the index of the button to start from, when enabled),
 * else the first enabled one.
 */
export function useRovingFocus(ref: RefObject<HTMLElement | null>, home?: (buttons: readonly HTMLButtonElement[]) => number) {
  const remembered = useRef(-1);
  const buttons = () => [...(ref.current?.querySelectorAll('button') ?? [])];
  const place = () => {
    const all = buttons();
    const enabled = all.map((b) => !b.disabled);
    const start = home?.(all) ?? -1;
    const stop = rovingStop(enabled, remembered.current >= 0 && enabled[remembered.current] ? remembered.current : start);
    all.forEach((b, i) => {
      b.tabIndex = i === stop ? 0 : -1;
    });
  };
  // After every render: a button may have been enabled, disabled, added or removed.
  useEffect(place);
  return {
    onFocus: (e: FocusEvent) => {
      const target: EventTarget = e.target;
      const at = buttons().findIndex((b) => b === target);
      if (at >= 0) remembered.current = at;
      place();
    },
    onKeyDown: (e: KeyboardEvent) => {
      const all = buttons();
      const target: EventTarget = e.target;
      const to = rovingMove(all.map((b) => !b.disabled), all.findIndex((b) => b === target), e.key);
      if (to === null || to < 0) return;
      e.preventDefault();
      all[to]?.focus();
    },
  };
}

/** The `role="toolbar"` element; its `button` descendants rove. */
export function Toolbar({ className, label, children }: { className: string; label?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const roving = useRovingFocus(ref);
  return (
    <div ref={ref} className={className} role="toolbar" aria-label={label} {...roving}>
      {children}
    </div>
  );
}
