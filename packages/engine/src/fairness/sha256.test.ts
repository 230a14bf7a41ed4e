import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toHex, utf8 } from './scheme.js';
import { hmacSha256, sha256 } from './sha256.js';

const hex = (bytes: Uint8Array): string => toHex(bytes);
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('sha256', () => {
  // FIPS 180-4 examples (NIST CSRC "SHA256.pdf", "SHA2_Additional.pdf").
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('NIST vector %j', (message, digest) => {
    expect(hex(sha256(ascii(message)))).toBe(digest);
  });

  it('NIST vector: one million a', () => {
    expect(hex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('agrees with node:crypto on every length 0‥300 (all padding boundaries) and random messages', () => {
    for (let length = 0; length <= 300; length++) {
      const message = randomBytes(length);
      expect(hex(sha256(message)), `length ${length}`).toBe(createHash('sha256').update(message).digest('hex'));
    }
  });
});

describe('hmacSha256', () => {
  // RFC 4231 test cases 1, 2 and 6 (a key longer than the block).
  it.each([
    ['0b'.repeat(20), toHex(ascii('Hi There')), 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
    [toHex(ascii('Jefe')), toHex(ascii('what do ya want for nothing?')), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
    ['aa'.repeat(131), toHex(ascii('Test Using Larger Than Block-Size Key - Hash Key First')), '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54'],
  ])('RFC 4231 vector (key %s)', (key, message, mac) => {
    expect(hex(hmacSha256(Buffer.from(key, 'hex'), Buffer.from(message, 'hex')))).toBe(mac);
  });

  it('agrees with node:crypto for keys of 0‥150 bytes and messages of 0‥150 bytes', () => {
    for (let length = 0; length <= 150; length++) {
      const key = randomBytes(length);
      const message = randomBytes(150 - length);
      expect(hex(hmacSha256(key, message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
  });
});

describe('utf8', () => {
  it('encodes like TextEncoder, astral characters and lone surrogates included', () => {
    for (const text of ['', 'round-1', 'é', '€', '𝄞 clef', 'a\ud800b', 'Ω≈ç√∫']) {
      expect([...utf8(text)]).toEqual([...new TextEncoder().encode(text)]);
    }
  });
});
