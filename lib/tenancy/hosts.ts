/**
 * Host names as the installation sees them, without the database (the proxy uses these too): the platform's own hosts
 * (loopback and PLATFORM_HOSTS), the conference sites under them (`<slug>.localhost`, `<slug>.<platform host>`), and
 * everything else, which can only be a conference's own domain.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function normaliseHost(host: string | null | undefined): string {
  if (!host) return '';
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d+$/, '');
}

function configuredPlatformHosts(): string[] {
  return (process.env.PLATFORM_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/** Hosts that serve the default conference: loopback, plus PLATFORM_HOSTS (comma-separated) in deployment. */
export function isDefaultHost(host: string): boolean {
  if (LOOPBACK_HOSTS.has(host)) return true;
  return configuredPlatformHosts().includes(host);
}

/** The slug a conference site under the platform's own hosts names (`bio.localhost`, `bio.confhub.example.net`), or null. */
export function slugOfPlatformSubdomain(rawHost: string): string | null {
  const host = normaliseHost(rawHost);
  for (const parent of ['localhost', ...configuredPlatformHosts()]) {
    if (host.endsWith(`.${parent}`)) {
      const label =
        host
          .slice(0, -(parent.length + 1))
          .split('.')
          .pop() ?? '';
      return label || null;
    }
  }
  return null;
}

/** An IP address written as a host (v4, or v6 with or without its brackets). */
export function isAddressLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.startsWith('[') || host.includes(':');
}

/** Hosts the platform itself answers (default hosts, their subdomains, IP addresses): never a conference's domain. */
export function isPlatformHost(rawHost: string): boolean {
  const host = normaliseHost(rawHost);
  if (isDefaultHost(host) || host.endsWith('.localhost') || slugOfPlatformSubdomain(host) !== null) return true;
  return isAddressLiteral(host);
}
