/**
 * Keeps the keyboard focus on the table (and on the trainer and the daily challenge, with their own candidates)
 * when the control holding it disappears or is disabled (issue 14 point 5): after each render, and when the focus leaves for nowhere, a keyboard player whose focus fell to
 * the page body gets it back on the control `focusCandidates` names (focus-keeper.ts; coach/focus.ts for the coach's pages). A pointer player's
 * focus is left alone (a click elsewhere is a choice, and no focus ring appears for it), and so is a focus that
 * left a control still there and enabled for nowhere in the page: Tab from the page's last control (the side
 * column's last link) goes on to the browser, not back to that control (QA: it took extra Tabs to get past).
 */
import { useEffect, useRef } from 'react';
import { focusCandidates, type FocusedControl, type FocusScene } from './focus-keeper.js';

const FOCUSABLE = ':is(button, a[href], input, select, textarea, [tabindex]):not(:disabled)';

/** The control `el` is (its nearest `data-testid`), or `null` for one without. */
function controlOf(el: EventTarget | null): FocusedControl | null {
  if (!(el instanceof HTMLElement)) return null;
  const tagged = el.closest<HTMLElement>('[data-testid]');
  const testid = tagged?.dataset.testid;
  return testid ? { testid, card: tagged.dataset.card ?? null } : null;
}

/** The first enabled, shown element `selector` matches, or `null`. */
function usable(selector: string): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    if (el.matches(FOCUSABLE) && el.getClientRects().length > 0) return el;
  }
  return null;
}

/**
 * Applies `focusCandidates` for `scene` (re-run after every render of the component calling it), or, for another
 * page, its own `candidates` (the trainer's and the daily challenge's, coach/focus.ts).
 */
export function useFocusKeeper(scene: FocusScene): void;
export function useFocusKeeper<S>(scene: S, candidates: (lost: FocusedControl, scene: S) => readonly string[]): void;
export function useFocusKeeper<S>(scene: S, candidates?: (lost: FocusedControl, scene: S) => readonly string[]): void {
  const last = useRef<FocusedControl | null>(null);
  const keyboard = useRef(false);
  // The player moved the focus out of the page itself (see the file's comment): nothing to give back.
  const left = useRef(false);
  const sceneRef = useRef(scene);
  const candidatesRef = useRef(candidates ?? (focusCandidates as unknown as (lost: FocusedControl, scene: S) => readonly string[]));
  const rescue = useRef(() => {
    const lost = last.current;
    const active = document.activeElement;
    if (!keyboard.current || left.current || lost === null || (active !== null && active !== document.body)) return;
    for (const selector of candidatesRef.current(lost, sceneRef.current)) {
      const el = usable(selector);
      if (el) {
        el.focus();
        return;
      }
    }
  });

  useEffect(() => {
    const onKey = () => {
      keyboard.current = true;
    };
    const onPointer = () => {
      keyboard.current = false;
    };
    const onFocusIn = (e: FocusEvent) => {
      last.current = controlOf(e.target);
      left.current = false;
    };
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget !== null) return;
      const from = e.target;
      setTimeout(() => {
        // A control still in the page, enabled and shown once the render is over, lost the focus to nothing: the
        // player moved it away (a removed or disabled control is gone or disabled by now).
        const there = from instanceof HTMLElement && from.isConnected && from.matches(FOCUSABLE) && from.getClientRects().length > 0;
        const active = document.activeElement;
        if (there && (active === null || active === document.body)) left.current = true;
        rescue.current();
      }, 0);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  useEffect(() => {
    sceneRef.current = scene;
    rescue.current();
    // A disabled control loses the focus only at the browser's next rendering step.
    const frame = requestAnimationFrame(rescue.current);
    return () => cancelAnimationFrame(frame);
  });
}
