// Which network addresses an audit may connect to. A visitor chooses the URL, so the
// server must never be steered at itself, its private network or a cloud metadata service.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Only public unicast addresses pass: ipaddr.js classifies loopback, private, link-local
 * (169.254.169.254 metadata), CGNAT (100.100.100.200 metadata), multicast, reserved,
 * unique-local (fd00:ec2::254 metadata), IPv4-mapped and the IPv6 transition prefixes
 * (6to4, Teredo, NAT64) that can embed an internal IPv4 address as ranges of their own.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  // IPv4-compatible IPv6 (::/96, deprecated): `[::127.0.0.1]` becomes `::7f00:1`, which
  // ipaddr.js calls unicast although it embeds an IPv4 address like the mapped form.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
  return parsed.range() === 'unicast';
}

/** The host of a URL as an IP address when it is a literal (brackets of IPv6 removed). */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null;
}

/**
 * A DNS lookup for sockets that refuses a host when any of its addresses is not allowed.
 * The socket connects to the address this lookup returns, so the checked address is the
 * one used (no second resolution to rebind).
 */
export function createGuardedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (!addresses.length) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      // Any refused answer refuses the host: a mixed answer is how DNS rebinding starts.
      if (addresses.some((a) => !allowed(a.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EBLOCKED' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
