/**
 * The round timer (rules.md §5: 45 s for a player's decision, 35 s for the banker's approval):
 * a ring that empties as the deadline nears. `data-ms-left` carries the remaining milliseconds.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TimerProps {
  /** Deadline as epoch ms in the browser's clock (already corrected for server skew), or null when idle. */
  deadline: number | null;
  /** The full span of the countdown, ms (for the ring's fraction). */
  totalMs: number;
}

/** The countdown; re-renders four times a second while a deadline runs. */
export function Timer({ deadline, totalMs }: TimerProps) {
  const { t } = useTranslation();
  const now = useNow(deadline);
  const msLeft = deadline === null ? 0 : Math.max(0, deadline - now);
  const fraction = deadline === null || totalMs <= 0 ? 0 : Math.min(1, msLeft / totalMs);
  const seconds = Math.ceil(msLeft / 1000);
  const urgent = deadline !== null && msLeft <= 10_000;
  const r = 20;
  const c = 2 * Math.PI * r;
  return (
    <div
      className={`timer${deadline === null ? ' timer--idle' : ''}${urgent ? ' timer--urgent' : ''}`}
      data-testid="timer"
      data-ms-left={msLeft}
      role="timer"
      aria-label={t('table.timer')}
      title={t('table.timer')}
    >
      <svg viewBox="0 0 48 48" aria-hidden="true">
        <circle className="timer__track" cx="24" cy="24" r={r} />
        <circle
          className="timer__ring"
          cx="24"
          cy="24"
          r={r}
          strokeDasharray={c}
          strokeDashoffset={c * (1 - fraction)}
          transform="rotate(-90 24 24)"
        />
      </svg>
      <span className="timer__text">{deadline === null ? '' : t('table.secondsLeft', { seconds })}</span>
    </div>
  );
}

/**
 * Whole seconds left until `deadline` (browser clock, epoch ms), re-rendered four times a second, drawn
 * by `render` (e.g. a translated "at most 38 s").
 */
export function Countdown({ deadline, render }: { deadline: number; render: (seconds: number) => string }) {
  const now = useNow(deadline);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <span className="countdown" data-testid="countdown" data-seconds={seconds}>
      {render(seconds)}
    </span>
  );
}

/** The browser clock (epoch ms), read afresh when `deadline` changes and four times a second while it is not `null`. */
function useNow(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [deadline]);
  return now;
}
