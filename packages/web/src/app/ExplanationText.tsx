/**
 * A house-way explanation on the felt that a tap shows whole (issue 14, QA): on a phone it is cut to two
 * lines to keep the round on one screen (styles.css), and pressing it (tap, Enter or Space) lays the
 * whole text over the felt below it, moving nothing; pressing again, Escape or leaving it closes it.
 * Screen readers read the whole text either way (the cut is visual only; the copy laid over is hidden
 * from them).
 */
import { useEffect, useState, type KeyboardEvent } from 'react';

/**
 * The explanation `text` of the viewer's hand (`who="you"`) or the banker's, with its `testid`; `said` is what a screen
 * reader reads instead (the cards by their names): the text's suit symbols and the "▾" drawn after it (styles.css) were read.
 */
export function ExplanationText({ who, testid, text, said }: { who: 'you' | 'banker'; testid: string; text: string; said: string }) {
  const [open, setOpen] = useState(false);
  // A new explanation (the next round) starts closed.
  useEffect(() => setOpen(false), [text]);
  const onKeyDown = (e: KeyboardEvent<HTMLParagraphElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setOpen((o) => !o);
    } else if (e.key === 'Escape') setOpen(false);
  };
  return (
    <p
      className={`explanation explanation--${who}${open ? ' explanation--open' : ''}`}
      data-testid={testid}
      role="button"
      tabIndex={0}
      aria-expanded={open}
      onClick={() => setOpen((o) => !o)}
      onKeyDown={onKeyDown}
      onBlur={() => setOpen(false)}
    >
      {/* Its name comes from `said`, not from an aria-label over other visible text (axe's label-content-name-mismatch,
          seen at random in the accessibility test: whenever the text named cards by their symbols). */}
      <span className="explanation__text" aria-hidden="true">{text}</span>
      <span className="visually-hidden">{said}</span>
      {open && (
        <span className="explanation__full" aria-hidden="true" data-testid={`${testid}-full`}>
          {text}
        </span>
      )}
    </p>
  );
}
