import { describe, expect, it } from 'vitest';
import { parseCard } from '@paigow/engine';
import { CLIENT_MESSAGE_TYPES, SERVER_MESSAGE_TYPES, parseClientMessage, requestIdOf } from './messages.js';

const card = (text: string) => {
  const parsed = parseCard(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};

describe('parseClientMessage', () => {
  it('parses every message type with a requestId', () => {
    const payloads: Record<string, object> = {
      sit: { seat: 2 },
      bet: { spot: 'main', amountCents: 500 },
      set: { roundId: 'r', low: ['As', 'kd'] },
      'house-way': { roundId: 'r' },
      hint: { roundId: 'r' },
      'auto-approve': { on: true },
      'ack-notice': { seq: 3 },
    };
    for (const type of CLIENT_MESSAGE_TYPES) {
      const result = parseClientMessage(type, { requestId: 'r1', ...(payloads[type] ?? {}) });
      expect(result.ok, type).toBe(true);
      if (result.ok) expect(result.value).toMatchObject({ type, requestId: 'r1' });
    }
  });

  it('reads the inbox number of ack-notice (a positive safe integer)', () => {
    expect(parseClientMessage('ack-notice', { requestId: 'a', seq: 12 })).toEqual({ ok: true, value: { type: 'ack-notice', requestId: 'a', seq: 12 } });
    for (const seq of [0, -1, 1.5, '3', null, undefined, 2 ** 53]) {
      const parsed = parseClientMessage('ack-notice', { requestId: 'a', seq });
      expect(parsed.ok ? null : parsed.error.code, String(seq)).toBe('action/invalid');
    }
  });

  it('has a hint request with nothing but its requestId, answered by a `hint` server message', () => {
    expect(parseClientMessage('hint', { requestId: 'h1', roundId: 'r9', cards: ['As'] })).toEqual({ ok: true, value: { type: 'hint', requestId: 'h1', roundId: 'r9' } });
    expect(SERVER_MESSAGE_TYPES).toEqual(['view', 'view-patch', 'error', 'hint', 'notice', 'pong']);
  });

  it('has a ping with nothing but its requestId, answered by a `pong`', () => {
    expect(parseClientMessage('ping', { requestId: 'p1', extra: 1 })).toEqual({ ok: true, value: { type: 'ping', requestId: 'p1' } });
    expect(parseClientMessage('ping', {}).ok).toBe(false);
  });

  it('reads the fields of sit, bet, set and auto-approve', () => {
    expect(parseClientMessage('sit', { requestId: 'a' })).toEqual({ ok: true, value: { type: 'sit', requestId: 'a', seat: null } });
    expect(parseClientMessage('bet', { requestId: 'a', spot: 'fortune', amountCents: 0 })).toEqual({
      ok: true,
      value: { type: 'bet', requestId: 'a', spot: 'fortune', amountCents: 0 },
    });
    expect(parseClientMessage('set', { requestId: 'a', roundId: 'r1', low: ['Jk', '10h'] })).toEqual({
      ok: true,
      value: { type: 'set', requestId: 'a', roundId: 'r1', low: [card('Jk'), card('Th')] },
    });
    // Any card text the engine reads (docs/protocol.md): either case, suit symbols.
    expect(parseClientMessage('set', { requestId: 'a', roundId: 'r1', low: ['ac', 'K♦'] })).toEqual({
      ok: true,
      value: { type: 'set', requestId: 'a', roundId: 'r1', low: [card('Ac'), card('Kd')] },
    });
    expect(parseClientMessage('house-way', { requestId: 'a', roundId: 'r1' })).toEqual({ ok: true, value: { type: 'house-way', requestId: 'a', roundId: 'r1' } });
    expect(parseClientMessage('auto-approve', { requestId: 'a', on: false })).toEqual({
      ok: true,
      value: { type: 'auto-approve', requestId: 'a', on: false },
    });
  });

  it('refuses unknown types with action/unknown', () => {
    for (const type of ['dance', '', 42, undefined, 'view', 'error']) {
      const result = parseClientMessage(type, { requestId: 'x' });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('action/unknown');
    }
  });

  it.each([
    ['deal', null],
    ['deal', 'deal'],
    ['deal', []],
    ['deal', {}],
    ['deal', { requestId: '' }],
    ['deal', { requestId: 7 }],
    ['deal', { requestId: 'x'.repeat(65) }],
    ['sit', { requestId: 'a', seat: -1 }],
    ['sit', { requestId: 'a', seat: 1.5 }],
    ['sit', { requestId: 'a', seat: '1' }],
    ['bet', { requestId: 'a', spot: 'side', amountCents: 100 }],
    ['bet', { requestId: 'a', spot: 'main', amountCents: -1 }],
    ['bet', { requestId: 'a', spot: 'main', amountCents: 1.5 }],
    ['bet', { requestId: 'a', spot: 'main', amountCents: '100' }],
    ['bet', { requestId: 'a', spot: 'main' }],
    ['bet', { requestId: 'a', spot: 'main', amountCents: 1e12 }],
    ['set', { requestId: 'a', roundId: 'r', low: 'As Kd' }],
    ['set', { requestId: 'a', roundId: 'r', low: ['As'] }],
    ['set', { requestId: 'a', roundId: 'r', low: ['As', 'Kd', 'Qh'] }],
    ['set', { requestId: 'a', roundId: 'r', low: ['As', 5] }],
    ['set', { requestId: 'a', roundId: 7, low: ['As', 'Kd'] }],
    ['house-way', { requestId: 'a', roundId: '' }],
    ['hint', { requestId: 'a', roundId: 'x'.repeat(65) }],
    ['auto-approve', { requestId: 'a', on: 'yes' }],
  ])('refuses a malformed %s payload %j with action/invalid', (type, payload) => {
    const result = parseClientMessage(type, payload);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('action/invalid');
  });

  it('refuses a set, house-way or hint that names no round with action/stale (docs/protocol.md)', () => {
    for (const type of ['set', 'house-way', 'hint']) {
      for (const payload of [{ requestId: 'a', low: ['As', 'Kd'] }, { requestId: 'a', roundId: null, low: ['As', 'Kd'] }]) {
        const result = parseClientMessage(type, payload);
        expect(result.ok === false && result.error.code, type).toBe('action/stale');
      }
    }
  });

  it('refuses bad cards in set with card/malformed and a repeated card with setting/wrong-split', () => {
    const bad = parseClientMessage('set', { requestId: 'a', roundId: 'r', low: ['As', 'Zz'] });
    expect(bad.ok === false && bad.error.code).toBe('card/malformed');
    const twice = parseClientMessage('set', { requestId: 'a', roundId: 'r', low: ['As', 'as'] });
    expect(twice.ok === false && twice.error.code).toBe('setting/wrong-split');
  });
});

describe('requestIdOf', () => {
  it('returns a well-formed requestId or null', () => {
    expect(requestIdOf({ requestId: 'abc' })).toBe('abc');
    expect(requestIdOf({ requestId: 3 })).toBeNull();
    expect(requestIdOf(null)).toBeNull();
    expect(requestIdOf('abc')).toBeNull();
  });
});
