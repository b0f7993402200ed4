/**
 * Where a conference's own SMTP account may connect (issue 20): a manager types the host, so it
 * must not reach the platform's internal network. The host is resolved here as the operating
 * system resolves it (getaddrinfo: /etc/hosts, DNS, and numeric forms such as `127.1` or
 * `2130706433`), EVERY address it resolves to is vetted, and the connection then goes to a vetted
 * address (lib/mail/transport.ts), so a name that resolves differently a moment later (DNS
 * rebinding) cannot slip through. Private hosts (a self-hosted relay, the tests' SMTP servers on
 * loopback) are allowed only by an explicit MAIL_ALLOW_PRIVATE_HOSTS=1, never by default.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a conference's SMTP host may not resolve to: the IANA special-purpose registries
 * (loopback, private, shared/CGNAT, link-local, multicast, unspecified, broadcast, reserved,
 * documentation, benchmarking) and the cloud metadata services. IPv4-mapped IPv6 addresses
 * (`::ffff:127.0.0.1`) are checked against the IPv4 rules by BlockList itself.
 */
const FORBIDDEN = new BlockList();
const IPV4_RANGES: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // shared address space (CGNAT); Alibaba Cloud metadata 100.100.100.200
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local; AWS/GCP/Azure/OpenStack metadata 169.254.169.254
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments; Oracle Cloud metadata 192.0.0.192
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 broadcast
];
const IPV6_RANGES: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['64:ff9b::', 96], // NAT64 (could carry an internal IPv4 address)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (carries an IPv4 address)
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local; AWS metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
for (const [network, prefix] of IPV4_RANGES) FORBIDDEN.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) FORBIDDEN.addSubnet(network, prefix, 'ipv6');
// Azure's wire server (a public address that answers only inside Azure).
FORBIDDEN.addAddress('168.63.129.16', 'ipv4');

/** Whether private hosts are allowed (MAIL_ALLOW_PRIVATE_HOSTS=1: a self-hosted relay, tests); off unless set. */
export function privateHostsAllowed(env: Record<string, string | undefined> = process.env): boolean {
  return env.MAIL_ALLOW_PRIVATE_HOSTS === '1' || env.MAIL_ALLOW_PRIVATE_HOSTS === 'true';
}

/** Whether an address (IPv4 or IPv6, a zone allowed) is one a conference's SMTP may not reach; not an address at all: yes. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  return FORBIDDEN.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

/** All the addresses a host resolves to, as the operating system resolves it. */
export type ResolveHost = (host: string) => Promise<string[]>;

const resolveWithOs: ResolveHost = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** A refused SMTP host: one of its addresses is internal (nodemailer-like `code`, so the outbox records it). */
export class ForbiddenSmtpHostError extends Error {
  readonly code = 'EHOSTFORBIDDEN';
  constructor(host: string) {
    super(`the SMTP host ${host} resolves to an address a conference may not use`);
    this.name = 'ForbiddenSmtpHostError';
  }
}

/** Where to connect: a vetted address, and the name for TLS (SNI and the certificate check) when the host is a name. */
export type SmtpTarget = { address: string; servername?: string };

export type VetOptions = {
  allowPrivate?: boolean;
  resolve?: ResolveHost;
  /** The longest a resolution may take (5 s). */
  timeoutMs?: number;
  /** Gives up on the resolution when aborted (a test send's deadline). */
  signal?: AbortSignal;
};

/** Numeric host forms the resolver reads as an address (127.1, 2130706433, 0x7f.1): no TLS server name. */
const NUMERIC_HOST = /^(?:0x[0-9a-f]+|\d+)(?:\.(?:0x[0-9a-f]+|\d+)){0,3}$/i;

async function resolveAll(host: string, resolve: ResolveHost, timeoutMs: number, signal?: AbortSignal): Promise<string[]> {
  signal?.throwIfAborted();
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`resolving ${host} timed out`), { code: 'ETIMEDOUT' })), timeoutMs);
    onAbort = () => reject(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([resolve(host), stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Resolves `host` (every address), refuses it when any address is forbidden (ForbiddenSmtpHostError,
 * unless private hosts are allowed) and answers the address to connect to (IPv4 first) with the
 * name to present and verify in TLS. A failed or slow resolution throws (code ENOTFOUND, ETIMEDOUT …).
 */
export async function vetSmtpHost(host: string, options: VetOptions = {}): Promise<SmtpTarget> {
  const { allowPrivate = privateHostsAllowed(), resolve = resolveWithOs, timeoutMs = 5000, signal } = options;
  const addresses = await resolveAll(host, resolve, timeoutMs, signal);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  if (!allowPrivate && addresses.some(isForbiddenAddress)) throw new ForbiddenSmtpHostError(host);
  const ordered = [...addresses.filter((a) => isIP(a) === 4), ...addresses.filter((a) => isIP(a) !== 4)];
  const servername = isIP(host) === 0 && !NUMERIC_HOST.test(host) ? host : undefined;
  return { address: ordered[0], ...(servername ? { servername } : {}) };
}

/**
 * Whether saving `host` must be refused: it resolves (now) to a forbidden address. A host that
 * does not resolve at the moment is not refused here; every connection checks again.
 */
export async function isForbiddenSmtpHost(host: string, options: VetOptions = {}): Promise<boolean> {
  try {
    await vetSmtpHost(host, options);
    return false;
  } catch (error) {
    return error instanceof ForbiddenSmtpHostError;
  }
}
