/**
 * The address a request comes from, as the per-IP limits count it (docs/operations.md "Settings",
 * `PAIGOW_TRUST_PROXY`).
 *
 * - **Behind a reverse proxy** (the cluster's nginx front, `deploy/nginx/`), every connection comes from the
 *   proxy: the client is the address the proxy appends to `X-Forwarded-For`. It is read only from a proxy this
 *   server trusts (by default one on loopback), and from the right: the first address not itself a trusted
 *   proxy. An address a client writes into the header itself is never taken (`proxy-addr`, Express' own rule).
 *   Without this, the whole cluster counted as one IP: 20 guests in 10 minutes, then every newcomer refused.
 * - **IPv6**: one subscriber holds a whole /64, so the limits count its /64 prefix, not each address (a tester
 *   made unlimited guests by changing the last bits); an IPv4-mapped address counts as the IPv4 one.
 */
import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import proxyaddr from 'proxy-addr';

/** The proxies trusted by default: one on this machine (`proxy-addr`'s `loopback`: 127.0.0.0/8 and ::1). */
export const DEFAULT_TRUSTED_PROXIES = 'loopback';

/** Which connecting addresses are trusted proxies (`trustedProxies`). */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The trust of `spec`: comma-separated addresses, CIDR ranges and `proxy-addr`'s names (`loopback`,
 * `linklocal`, `uniquelocal`); `none` trusts no proxy.
 * @throws TypeError naming a value that is not an address, a range or a name
 */
export function trustedProxies(spec: string = DEFAULT_TRUSTED_PROXIES): ProxyTrust {
  const list = spec
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (list.length === 1 && list[0] === 'none') return () => false;
  return proxyaddr.compile(list);
}

/** The address the per-IP limits count for `req` (see the module comment). */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  if (req.socket.remoteAddress === undefined) return '';
  return limitKey(proxyaddr(req, trust));
}

/**
 * Whether `key`, an address as the limits count it (`limitKey`), is this machine's: 127.0.0.0/8, or the /64 of ::1
 * (whose other addresses, :: and the like, are no client's).
 */
export function isLoopbackKey(key: string): boolean {
  return key.startsWith('127.') || key === '0:0:0:0::/64';
}

/** An address as the limits count it: an IPv6 address by its /64 prefix, an IPv4-mapped one as IPv4. */
export function limitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.split('%')[0].toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
