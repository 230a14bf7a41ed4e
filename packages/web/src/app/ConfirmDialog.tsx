/**
 * A question a player answers before play goes on (the table's leave question, a seated player's move to another seat):
 * a modal `alertdialog` over a backdrop (`useModal`: the focus stays in it, the page behind is inert, Escape or a click
 * on the backdrop is Stay), titled and described for a screen reader, Stay focused first and the action after it.
 * Test ids and element ids come from `name`: `<name>-dialog`, `<name>-title`, `<name>-text`, `<name>-stay`,
 * `<name>-confirm`.
 */
import { useRef, type ReactNode } from 'react';
import { useModal } from './useModal.js';

/** The question (module comment); Stay answers `onStay`, the action `onGo`. */
export function ConfirmDialog({ name, data, title, text, children, stay, go, danger = false, onStay, onGo }: {
  /** The prefix of its test ids and element ids. */
  name: string;
  /** `data-*` attributes of the dialog, by their names after `data-`. */
  data?: Readonly<Record<string, string | number>>;
  title: ReactNode;
  /** What it asks, the dialog's description. */
  text: ReactNode;
  /** Drawn between the text and the buttons (e.g. the time left). */
  children?: ReactNode;
  stay: ReactNode;
  go: ReactNode;
  /** Whether the action gives something up (red: leaving a hand in play), else gold (a move). */
  danger?: boolean;
  onStay: () => void;
  onGo: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useModal(dialog, onStay);
  const attributes = Object.fromEntries(Object.entries(data ?? {}).map(([key, value]) => [`data-${key}`, value]));
  return (
    <div className="dialog-backdrop" onClick={onStay}>
      <div
        ref={dialog}
        className="dialog panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${name}-title`}
        aria-describedby={`${name}-text`}
        data-testid={`${name}-dialog`}
        {...attributes}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={`${name}-title`}>{title}</h2>
        <p id={`${name}-text`}>{text}</p>
        {children}
        <div className="dialog__actions">
          <button className="btn" data-testid={`${name}-stay`} autoFocus onClick={onStay}>
            {stay}
          </button>
          <button className={danger ? 'btn btn--red' : 'btn btn--gold'} data-testid={`${name}-confirm`} onClick={onGo}>
            {go}
          </button>
        </div>
      </div>
    </div>
  );
}
