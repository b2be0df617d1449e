import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { HttpError } from '../../http/httpError';

/**
 * Test-only: `1` lets a store be reached on loopback, over http and on any port, so tests can stand a store in on
 * 127.0.0.1. Never set it on a back end people use: it lets a metrics key holder make the back end call this machine.
 */
export const LOOPBACK_STORES_ENV = 'REELSCOPE_TEST_ALLOW_LOOPBACK_STORES';

/**
 * The one answer for every store that cannot be used, whatever the cause (a private address, a closed port, a refused
 * token, an answer that is not a product list): distinct answers would tell a key holder what listens where.
 */
export const STORE_UNREACHABLE = "The store did not answer with its products: check that the store URL in Settings is the store's public https address and that its storefront token is right.";

export const storeUnreachable = () => new HttpError(502, STORE_UNREACHABLE);

export const allowsLoopbackStores = (env: NodeJS.ProcessEnv = process.env) => env[LOOPBACK_STORES_ENV] === '1';

export interface ResolvedAddress { address: string; family: number }
/** Every address a host name resolves to (the DNS boundary: tests inject their own). */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;
export const resolveWithDns: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface StorePolicy { allowLoopback: boolean; resolve: ResolveHost }

function blockList(v4: [string, number][], v6: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). Node matches IPv4-mapped IPv6 (::ffff:a.b.c.d) against them too. */
const NOT_PUBLIC_V4 = blockList([
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
], []);
const IPV4_MAPPED = blockList([], [['::ffff:0:0', 96]]);
/** Public IPv6 is global unicast (2000::/3) outside its special blocks; everything else (::, ::1, fc00::/7, fe80::/10, ff00::/8, NAT64 …) is not. */
const GLOBAL_UNICAST_V6 = blockList([], [['2000::', 3]]);
const SPECIAL_V6 = blockList([], [['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20]]);
const LOOPBACK = blockList([['127.0.0.0', 8]], [['::1', 128]]);

/** True when the address is on the public internet (never loopback, private, link-local, CGNAT, ULA, multicast or unspecified). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  // A scoped address (fe80::1%eth0) is link-local by definition.
  if (family === 0 || address.includes('%')) return false;
  if (family === 4) return !NOT_PUBLIC_V4.check(address, 'ipv4');
  if (IPV4_MAPPED.check(address, 'ipv6')) return !NOT_PUBLIC_V4.check(address, 'ipv6');
  return GLOBAL_UNICAST_V6.check(address, 'ipv6') && !SPECIAL_V6.check(address, 'ipv6');
}

const isLoopback = (address: string) => isIP(address) !== 0 && LOOPBACK.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');

/** The host name as DNS and the IP checks want it: no IPv6 brackets, no trailing root dot. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/**
 * The one address the store is reached at, checked before any connection: an https URL on the standard port, no user
 * name in it, and every address its name resolves to public (one private answer among public ones is refused, so a
 * name cannot point a second lookup elsewhere — the caller connects to the address returned here, never re-resolving).
 * With the test-only setting, http, any port and loopback are allowed too. Every refusal is STORE_UNREACHABLE.
 */
export async function checkedStoreAddress(url: URL, policy: StorePolicy): Promise<ResolvedAddress> {
  const schemeAllowed = url.protocol === 'https:' || (policy.allowLoopback && url.protocol === 'http:');
  if (!schemeAllowed || url.username !== '' || url.password !== '' || (url.port !== '' && !policy.allowLoopback)) throw storeUnreachable();
  const host = bareHost(url);
  const family = isIP(host);
  const addresses = family !== 0 ? [{ address: host, family }] : await policy.resolve(host).catch(() => []);
  const allowed = (address: string) => isPublicAddress(address) || (policy.allowLoopback && isLoopback(address));
  if (addresses.length === 0 || !addresses.every((a) => allowed(a.address))) throw storeUnreachable();
  return addresses[0]!;
}
