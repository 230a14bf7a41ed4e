/**
 * The table's secondary panels (history, the Fortune pay table, the fairness panel, the table's facts):
 * beside or under the felt on a larger screen; on a phone (`COMPACT_LAYOUT`) behind a tap, in a sheet
 * over the felt that `SheetToggle` opens (`side-toggle`) and its close button (`side-close`) shuts, so the
 * felt alone fills the screen (issue 14 point 4). The open sheet is a dialog like the help panel's
 * (`role="dialog"`, `aria-modal`, named by the toggle's words): focus moves into it, Tab stays in it,
 * and Escape or its close button shuts it and gives focus back to the toggle.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A phone, portrait or landscape: the screens where the felt takes the whole window (styles.css). */
export const COMPACT_LAYOUT = '(max-width: 700px), (max-height: 500px) and (orientation: landscape)';

/** The button that opens the sheet (on a phone only). */
export function SheetToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--small sheet-toggle"
      data-testid="side-toggle"
      aria-expanded={open}
      aria-controls="side-sheet"
      title={t('sheet.openTitle')}
      onClick={onToggle}
    >
      {t('sheet.open')}
    </button>
  );
}

/**
 * What a key pressed inside the open sheet does (no DOM: `focusable` are the sheet's focusable elements in
 * order, `active` the focused one): Escape closes it; Tab from the last element goes to the first and
 * Shift+Tab from the first (or from outside the sheet) to the last, so focus stays in the dialog; any other
 * key is left alone (`focus: null`, `close: false`).
 */
export function sheetKey<T>(key: { readonly key: string; readonly shiftKey: boolean }, focusable: readonly T[], active: T | null): { close: boolean; focus: T | null } {
  if (key.key === 'Escape') return { close: true, focus: null };
  if (key.key !== 'Tab' || focusable.length === 0) return { close: false, focus: null };
  const at = active === null ? -1 : focusable.indexOf(active);
  if (key.shiftKey && at <= 0) return { close: false, focus: focusable[focusable.length - 1] };
  if (!key.shiftKey && (at === -1 || at === focusable.length - 1)) return { close: false, focus: focusable[0] };
  return { close: false, focus: null };
}

/** The toggle that opened the sheet (`SheetToggle`), to give focus back to. */
function sheetToggle(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[aria-controls="side-sheet"]');
}

/** The side column; on a phone a sheet, hidden until opened (a dialog named `sheet.open` while open). */
export function SideSheet({ compact, open, onClose, children }: { compact: boolean; open: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const shown = compact && open;
  // Focus moves into the sheet when it opens, as into the help panel.
  useEffect(() => {
    if (shown) closeRef.current?.focus();
  }, [shown]);
  // Beside the felt the column scrolls by itself (styles.css): named, and its focus drawn should it take it.
  if (!compact) return <aside className="side scroll-region" aria-label={t('sheet.open')}>{children}</aside>;
  const close = () => {
    onClose();
    sheetToggle()?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]')];
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const action = sheetKey(e, focusable, active);
    if (action.close) {
      e.preventDefault();
      close();
    } else if (action.focus !== null) {
      e.preventDefault();
      action.focus.focus();
    }
  };
  // A <div>: an <aside> may not be a dialog (axe's aria-allowed-role).
  return (
    <div
      id="side-sheet"
      className="side side--sheet"
      data-testid="side-sheet"
      data-open={open}
      hidden={!open}
      role="dialog"
      aria-modal={open}
      aria-label={t('sheet.open')}
      onKeyDown={onKeyDown}
    >
      <button ref={closeRef} type="button" className="btn btn--small side-sheet__close" data-testid="side-close" onClick={close}>
        {t('sheet.close')}
      </button>
      {children}
    </div>
  );
}
