/**
 * The player's client seed (fairness.md §2): made at random by the browser, editable, sent with Deal (and
 * with a banker's approval), locked by it. A fresh random seed for every round the table commits to,
 * unless the player typed one.
 */
import { useEffect, useState } from 'react';
import { checkChosenSeed } from '@paigow/engine';

/** A random client seed: 16 hex digits from `crypto.getRandomValues`. */
export function randomClientSeed(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The client seed state of the table screen. */
export interface ClientSeed {
  readonly seed: string;
  /** `null` when valid, else the error code (`fairness/bad-client-seed`). */
  readonly error: string | null;
  /** Sets the seed the player typed (kept for the next rounds). */
  edit(seed: string): void;
  /** What to add to a `deal`, `approve` or `auto-approve` payload: the seed, when valid. */
  payload(): { clientSeed?: string };
}

/**
 * The client seed for the round `roundId` (the one the table committed to, `TableView.fairness.roundId`):
 * a new random one when the round changes, unless the player edited it.
 */
export function useClientSeed(roundId: string | null): ClientSeed {
  const [seed, setSeed] = useState(randomClientSeed);
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited) setSeed(randomClientSeed());
  }, [roundId, edited]);
  const checked = checkChosenSeed(seed);
  return {
    seed,
    error: checked.ok ? null : checked.error.code,
    edit(next) {
      setEdited(true);
      setSeed(next);
    },
    payload: () => (checked.ok ? { clientSeed: seed } : {}),
  };
}

/** A table's `send` (useTable). */
type Send<P> = (type: P, payload?: Record<string, unknown>) => string;

/**
 * `send` that adds the client seed to the messages that lock it (fairness.md §2): `deal`, `approve`, and
 * `auto-approve` turned on. Other messages go as they are.
 */
export function withClientSeed<P extends string>(send: Send<P>, clientSeed: ClientSeed): Send<P> {
  return (type, payload = {}) => {
    const locks = type === 'deal' || type === 'approve' || (type === 'auto-approve' && payload.on === true);
    return send(type, locks ? { ...payload, ...clientSeed.payload() } : payload);
  };
}
