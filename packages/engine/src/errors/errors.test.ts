/** The error model (architecture.md, "Errors"). */

import { describe, expect, it } from 'vitest';
import { ERROR_CODES, PaiGowError, err, isErrorCode, ok, unwrap } from './index.js';

describe('errors', () => {
  it('codes are unique, namespaced (`namespace/kebab-case`) and grouped by namespace', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+\/[a-z]+(-[a-z]+)*$/);
    const namespaces = ERROR_CODES.map((code) => code.split('/')[0]);
    const seen = new Set<string>();
    namespaces.forEach((ns, i) => {
      if (i > 0 && ns !== namespaces[i - 1]) {
        expect(seen.has(ns), `namespace '${ns}' appears in two places in ERROR_CODES`).toBe(false);
      }
      seen.add(ns);
    });
  });

  it('ok and err build Result values; unwrap returns the value or throws a PaiGowError with the code', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    const failure = err('card/malformed', "card 'Zz' is not a card");
    expect(failure).toEqual({ ok: false, error: { code: 'card/malformed', message: "card 'Zz' is not a card" } });
    expect(unwrap(ok('x'))).toBe('x');
    try {
      unwrap(failure);
      expect.fail('unwrap did not throw');
    } catch (error) {
      expect(error).toBeInstanceOf(PaiGowError);
      expect((error as PaiGowError).code).toBe('card/malformed');
      expect((error as PaiGowError).message).toBe("card 'Zz' is not a card");
    }
  });

  it('isErrorCode accepts the codes and nothing else', () => {
    expect(isErrorCode('setting/foul')).toBe(true);
    expect(isErrorCode('setting/nope')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
