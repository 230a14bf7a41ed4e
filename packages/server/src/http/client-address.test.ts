import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, limitKey, trustedProxies } from './client-address.js';

/** A request from `remoteAddress` with `X-Forwarded-For` set to `forwardedFor` (unset when undefined). */
function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return { socket: { remoteAddress }, connection: { remoteAddress }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } } as unknown as IncomingMessage;
}

describe('the client address of the per-IP limits (PAIGOW_TRUST_PROXY)', () => {
  it('takes the client a trusted proxy names, from the right, never one the client wrote; ignores the header from anyone else', () => {
    const loopback = trustedProxies();
    expect(clientAddress(request('127.0.0.1', '198.51.100.1, 203.0.113.7'), loopback)).toBe('203.0.113.7');
    expect(clientAddress(request('127.0.0.1'), loopback)).toBe('127.0.0.1');
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), loopback)).toBe('203.0.113.9');
    expect(clientAddress(request('127.0.0.1', '203.0.113.7'), trustedProxies('none'))).toBe('127.0.0.1');
    expect(clientAddress(request('10.0.0.5', '203.0.113.7'), trustedProxies('10.0.0.0/8, loopback'))).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(limitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('refuses a list that names no proxy', () => {
    expect(() => trustedProxies('loopback, not-an-address')).toThrow(TypeError);
  });
});
