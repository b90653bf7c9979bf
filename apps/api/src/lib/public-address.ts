import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The guard against request forgery for addresses that clients supply and the server then
 * calls (push endpoints, docs/pwa.md#push): only `https` URLs on the default port whose host is
 * public. The URL is checked when it is taken, and the host's addresses again at connect time
 * by `publicOnlyLookup`, so a name that resolves to a private address later (DNS rebinding)
 * is refused then too.
 */

/** Addresses no client-supplied URL may reach: this machine, private networks, metadata… */
const NOT_PUBLIC = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (and cloud metadata such as 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: would reach any IPv4 address through a translator
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: wraps any IPv4 address
  ['fc00::', 7], // unique local (and cloud metadata such as fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, bits, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:127.0.0.1`, `::ffff:7f00:1`). */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address (v4 or v6, without brackets) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  if (version === 6) {
    const v4 = mappedIpv4(address);
    if (v4 !== null) return isPublicAddress(v4);
    // Only global unicast (2000::/3) is public at all.
    const first = parseInt(address.split(':')[0] || '0', 16);
    if ((first & 0xe000) !== 0x2000) return false;
    return !NOT_PUBLIC.check(address, 'ipv6');
  }
  return !NOT_PUBLIC.check(address, 'ipv4');
}

export interface AddressPolicy {
  /**
   * Hosts let through whatever they resolve to, and on any port: the tests' local push
   * service (PUSH_ALLOWED_TEST_HOSTS, refused in production by config.ts).
   */
  allowedTestHosts: readonly string[];
}

export type EndpointCheck =
  | { ok: true; url: URL }
  | { ok: false; reason: 'invalid' | 'not-https' | 'credentials' | 'port' | 'private-host' };

/** Names that never leave the machine or the local network, whatever a resolver says. */
const LOCAL_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa|arpa)$/;

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Checks a client-supplied endpoint: an `https` URL with no credentials, on the default port,
 * whose host is a public IP address or a name with a dot that is not a local name. The WHATWG
 * parser has already turned `https://2130706433/` and `https://0177.0.0.1/` into `127.0.0.1`,
 * so those are caught as the addresses they are.
 */
export function checkEndpointUrl(raw: string, policy: AddressPolicy): EndpointCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' };
  const host = hostOf(url);
  if (policy.allowedTestHosts.includes(host)) return { ok: true, url };
  if (url.port !== '' && url.port !== '443') return { ok: false, reason: 'port' };
  if (isIP(host) !== 0) {
    return isPublicAddress(host) ? { ok: true, url } : { ok: false, reason: 'private-host' };
  }
  const name = host.replace(/\.$/, '');
  if (!name.includes('.') || LOCAL_NAME.test(name)) return { ok: false, reason: 'private-host' };
  return { ok: true, url };
}

export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
    this.name = 'NonPublicAddressError';
  }
}

/**
 * A `lookup` for sockets (an https.Agent's option) that resolves as usual and fails when any
 * address of the name is not public, so the connection is never opened. Hosts given as IP
 * literals do not pass through a lookup: `checkEndpointUrl` checks those before each send.
 */
export function publicOnlyLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const allowed = policy.allowedTestHosts.includes(hostname.toLowerCase());
      if (!allowed && addresses.some((entry) => !isPublicAddress(entry.address))) {
        return callback(new NonPublicAddressError(hostname), '', 0);
      }
      if (options.all) {
        (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
        return;
      }
      const first = addresses[0];
      if (!first) return callback(new NonPublicAddressError(hostname), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
