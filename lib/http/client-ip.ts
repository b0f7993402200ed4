import { isIP } from 'node:net';

/**
 * The header scripts/serve.ts sets to the socket's address on every request, after deleting any
 * value the client sent, so nobody outside can choose it.
 */
export const CLIENT_IP_HEADER = 'x-confhub-client-ip';

/**
 * The caller's address (route()'s `ip`), in one spelling (canonicalAddress). With TRUST_PROXY=1 the
 * reverse proxy's X-Forwarded-For: its last entry, the one the proxy itself appended (earlier
 * entries come from the client and can be forged); else the socket address scripts/serve.ts passes
 * on. Null when neither is known (Next's own dev server): per-client limits are then skipped, never
 * shared. Per-client limits count under clientLimitKey(ip), not the address itself.
 */
export function clientIp(headers: Headers): string | null {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || headers.get('x-real-ip')?.trim();
    if (forwarded) return canonicalAddress(forwarded);
  }
  const socket = headers.get(CLIENT_IP_HEADER)?.trim();
  return socket ? canonicalAddress(socket) : null;
}

/**
 * The address a new session records (every kind of sign-in: lib/auth/auth.ts for Better Auth's, lib/oidc/session.ts
 * for the federated one): clientIp's, '' when none is known — never an address the client wrote itself.
 */
export function sessionAddress(headers: Headers): string {
  return clientIp(headers) ?? '';
}

/**
 * The eight 16-bit groups of an IPv6 address, or null when it is not one. The WHATWG URL parser
 * validates the address and writes it in its RFC 5952 form (lower case, no leading zeros, the
 * longest run of zero groups as `::`, an IPv4 tail as two groups); only the `::` is expanded here.
 */
function ipv6Groups(address: string): { groups: number[]; spelled: string } | null {
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname;
  } catch {
    return null;
  }
  const spelled = host.slice(1, -1);
  const [head, tail] = spelled.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16));
  return groups.length === 8 ? { groups, spelled } : null;
}

/** An IPv6 address without its zone (`fe80::1%eth0`): the zone names a local interface, not the client. */
function withoutZone(address: string): string {
  const percent = address.indexOf('%');
  return percent === -1 ? address : address.slice(0, percent);
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for, else null. */
function mappedIpv4(groups: number[]): string | null {
  if (groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/**
 * One spelling per address: an IPv4-mapped IPv6 address (what a dual-stack socket reports for an
 * IPv4 client) is its IPv4 address; IPv6 is written in its RFC 5952 form without a zone. Anything
 * that is not an IP address (a proxy's odd entry) is returned as it is.
 */
export function canonicalAddress(address: string): string {
  const kind = isIP(address);
  if (kind !== 6) return address;
  const parsed = ipv6Groups(withoutZone(address));
  if (!parsed) return address;
  return mappedIpv4(parsed.groups) ?? parsed.spelled;
}

/**
 * The key per-client limits count a caller under. An IPv4 address is one client; an IPv6 client is
 * its /64 (`2001:db8::/64`), because one subscriber or host is given a whole /64 and can pick a new
 * address in it for every request. IPv4-mapped IPv6 counts as its IPv4 address.
 */
export function clientLimitKey(address: string): string {
  const canonical = canonicalAddress(address);
  if (isIP(canonical) !== 6) return canonical;
  const parsed = ipv6Groups(canonical);
  if (!parsed) return canonical;
  const prefix = parsed.groups.slice(0, 4).map((group) => group.toString(16));
  // Spelled by the same parser, so every address of one /64 gives the same text.
  const network = ipv6Groups(`${prefix.join(':')}::`)?.spelled ?? `${prefix.join(':')}::`;
  return `${network}/64`;
}
