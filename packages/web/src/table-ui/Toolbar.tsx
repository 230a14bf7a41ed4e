/**
 * A toolbar with roving focus (roving.ts): one Tab stop for its buttons, the arrow keys between them.
 * The Tab stop stays on the button last focused while it is enabled.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { rovingMove, rovingStop } from './roving.js';

/** The `role="toolbar"` element; its `button` descendants rove. */
export function Toolbar({ className, label, children }: { className: string; label?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const remembered = useRef(-1);
  const buttons = () => [...(ref.current?.querySelectorAll('button') ?? [])];
  const place = () => {
    const all = buttons();
    const stop = rovingStop(all.map((b) => !b.disabled), remembered.current);
    all.forEach((b, i) => {
      b.tabIndex = i === stop ? 0 : -1;
    });
  };
  // After every render: a button may have been enabled, disabled, added or removed.
  useEffect(place);
  return (
    <div
      ref={ref}
      className={className}
      role="toolbar"
      aria-label={label}
      onFocus={(e) => {
        const target: EventTarget = e.target;
        const at = buttons().findIndex((b) => b === target);
        if (at >= 0) remembered.current = at;
        place();
      }}
      onKeyDown={(e) => {
        const all = buttons();
        const target: EventTarget = e.target;
        const to = rovingMove(all.map((b) => !b.disabled), all.findIndex((b) => b === target), e.key);
        if (to === null || to < 0) return;
        e.preventDefault();
        all[to]?.focus();
      }}
    >
      {children}
    </div>
  );
}
