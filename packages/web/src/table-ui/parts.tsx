/**
 * The pieces of the felt: hand boxes with their win/lose/copy marks, the bet spots with chip towers,
 * and the chip rack. Presentational only: they draw what they are given and report clicks.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCard, type HandResult } from '@paigow/engine';
import { PlayingCard } from './Card.js';
import { ChipFace, ChipTower } from './Chip.js';
import { Toolbar } from './Toolbar.js';
import { CHIP_VALUES, type CardText, type ChipValue } from './model.js';

/** The engine integer of a card text (the view's cards are canonical, so this never fails in practice). */
export function cardInt(text: CardText): number | null {
  const parsed = parseCard(text);
  return parsed.ok ? parsed.value : null;
}

/** A win / lose / copy mark over a hand (rules.md §5: marks over each hand). */
export function Mark({ result, testid }: { result: HandResult | 'mixed'; testid?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`mark mark--${result}`} data-testid={testid} data-mark={result}>
      {t(`mark.${result}`)}
    </span>
  );
}

export interface HandBoxProps {
  kind: 'high' | 'low';
  label: string;
  /** Cards shown face up (text) or `null` entries for face-down cards. */
  cards: readonly (CardText | null)[];
  /** Slots to draw as empty outlines when there are fewer cards. */
  slots: number;
  cardTestid: string;
  testid?: string;
  small?: boolean;
  /** Caption at the top right (the hand's category). */
  caption?: string | null;
  /** The hand's mark; `mixed` over a banker's hand that won against some players and lost against others. */
  mark?: HandResult | 'mixed' | null;
  markTestid?: string;
  state?: 'ok' | 'foul' | null;
  onCardClick?: (card: CardText) => void;
  disabled?: boolean;
}

/** A labelled hand area holding its cards. */
export function HandBox({ kind, label, cards, slots, cardTestid, testid, small, caption, mark, markTestid, state, onCardClick, disabled }: HandBoxProps) {
  const empty = Math.max(0, slots - cards.length);
  return (
    <div
      className={`hand hand--${kind}${small ? ' hand--small' : ''}${state ? ` hand--${state}` : ''}${mark ? ' hand--marked' : ''}`}
      data-testid={testid}
      data-count={cards.length}
      role="group"
      aria-label={caption ? `${label}: ${caption}` : label}
    >
      {mark && <Mark result={mark} testid={markTestid} />}
      <div className="hand__head">
        <span className="hand__label" title={label}>
          {label}
        </span>
        {caption && <span className="hand__value">{caption}</span>}
      </div>
      <div className="hand__cards">
        {cards.map((c, i) =>
          c === null ? (
            <PlayingCard key={`back-${i}`} card={null} testid={cardTestid} small={small} />
          ) : (
            <PlayingCard
              key={c}
              card={cardInt(c)}
              testid={cardTestid}
              small={small}
              onClick={onCardClick ? () => onCardClick(c) : undefined}
              disabled={disabled}
            />
          ),
        )}
        {Array.from({ length: empty }, (_, i) => (
          <span key={`slot-${i}`} className="hand__placeholder" aria-hidden="true" />
        ))}
      </div>
    </div>
  );
}

/**
 * A bet spot: a ring on the felt with a chip tower and the amount. `cents` is the bet the server holds
 * (`data-cents`); `draftCents` a bet still being built below the minimum or off the bet unit, shown but
 * not sent yet (`data-draft-cents`). `note` is a hint (the minimum): in the empty ring, or beside the
 * amount while the bet is short of it (`warn`); `badge` a small tag
 * at its top (what a click adds); `onClear` draws a × that takes the last chip off (`clearTestid`).
 * Its accessible name is the label and the amount (or `empty`, "no bet"), with the note while short of it, or
 * after the label while the note shows in the empty ring ("Bet Min $5: no bet").
 */
export function BetSpot({ kind, label, amount, empty, chips, title, onClick, disabled, testid, cents, draftCents, note, warn, badge, onClear, clearTitle, clearTestid }: {
  kind: 'main' | 'fortune';
  label: string;
  amount: string | null;
  /** What is said for an empty spot ("no bet"). */
  empty: string;
  chips: readonly ChipValue[];
  title: string;
  onClick: () => void;
  disabled: boolean;
  testid: string;
  cents: number;
  draftCents?: number | null;
  note?: string | null;
  warn?: boolean;
  badge?: string | null;
  onClear?: (() => void) | null;
  clearTitle?: string;
  clearTestid?: string;
}) {
  return (
    <span className={`spot-wrap spot-wrap--${kind}`}>
      <button
        type="button"
        className={`spot spot--${kind}${chips.length > 0 ? ' spot--has-chips' : ''}${warn ? ' spot--warn' : ''}`}
        data-testid={testid}
        data-cents={cents}
        data-draft-cents={draftCents ?? undefined}
        title={title}
        // The note shown in the empty ring is read where it is seen (axe's label-content-name-mismatch).
        aria-label={note && chips.length === 0 ? `${label} ${note}: ${amount ?? empty}` : `${label}: ${amount ?? empty}${note && amount ? ` · ${note}` : ''}`}
        onClick={onClick}
        disabled={disabled}
      >
        <span className="spot__label">
          {label}
          {/* The space keeps "Bet Min $5" two words for a screen reader's (and axe's) reading of the text. */}
          {note && chips.length === 0 && <> <span className="spot__note">{note}</span></>}
        </span>
        {chips.length > 0 && <ChipTower chips={chips} max={6} />}
        {amount && (
          <span className={`spot__amount${warn ? ' spot__amount--warn' : ''}`}>
            {amount}
            {/* On a phone the note takes a line of its own, the dot left out (styles.css). */}
            {note && chips.length > 0 && <span className="spot__amount-note"><span className="spot__amount-dot"> ·</span> {note}</span>}
          </span>
        )}
      </button>
      {badge && !disabled && <span className="spot__badge" aria-hidden="true">{badge}</span>}
      {onClear && (
        <button type="button" className="spot__clear" data-testid={clearTestid} title={clearTitle} aria-label={clearTitle} onClick={onClear}>
          ×
        </button>
      )}
    </span>
  );
}

/**
 * The chips 1, 5, 25, 100 (`chip-<value>`); the selected one is raised; `allowed` (default all) limits which may be clicked;
 * `label` names each chip for a screen reader ("Add a $5 chip to the bet"; the bare value by default), `name` the toolbar.
 */
export function ChipRack({ name, selected, onChip, disabled, allowed, label = String }: {
  name: string;
  selected: ChipValue | null;
  onChip: (v: ChipValue) => void;
  disabled: boolean;
  allowed?: (v: ChipValue) => boolean;
  label?: (v: ChipValue) => string;
}) {
  return (
    <Toolbar className="chip-rack" label={name}>
      {CHIP_VALUES.map((v) => (
        <button
          key={v}
          type="button"
          className={`chip-btn${selected === v ? ' chip-btn--selected' : ''}`}
          data-testid={`chip-${v}`}
          aria-pressed={selected === v}
          aria-label={label(v)}
          onClick={() => onChip(v)}
          disabled={disabled || (allowed !== undefined && !allowed(v))}
        >
          <ChipFace value={v} />
        </button>
      ))}
    </Toolbar>
  );
}

/** A titled area of the felt (the banker's, the player's). */
export function Zone({ title, name, children, className }: { title: string; name?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`zone ${className ?? ''}`}>
      <div className="zone__title">
        <span>{title}</span>
        {name && <strong>{name}</strong>}
      </div>
      {children}
    </section>
  );
}
