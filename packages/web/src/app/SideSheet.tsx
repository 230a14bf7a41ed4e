/**
 * The table's secondary panels (history, the Fortune pay table, the fairness panel, the table's facts):
 * beside or under the felt on a larger screen; on a phone (`COMPACT_LAYOUT`) behind a tap, in a sheet
 * over the felt that `SheetToggle` opens (`side-toggle`) and its close button (`side-close`) shuts, so the
 * felt alone fills the screen (issue 14 point 4).
 */
import type { ReactNode } from 'react';
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

/** The side column; on a phone a sheet, hidden until opened. */
export function SideSheet({ compact, open, onClose, children }: { compact: boolean; open: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  if (!compact) return <aside className="side">{children}</aside>;
  return (
    <aside id="side-sheet" className="side side--sheet" data-testid="side-sheet" data-open={open} hidden={!open}>
      <button type="button" className="btn btn--small side-sheet__close" data-testid="side-close" onClick={onClose}>
        {t('sheet.close')}
      </button>
      {children}
    </aside>
  );
}
