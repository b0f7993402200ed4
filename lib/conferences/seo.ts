import type { Conference } from '@/lib/tenancy/resolve-conference';
import { hostOf } from '@/lib/tenancy/context';
import { PUBLISHED } from './status';

/** The public origin of the request: https behind a trusted proxy that says so, or when the public URL is https. */
export function originOf(h: Headers): string {
  const secure =
    (process.env.TRUST_PROXY === '1' && h.get('x-forwarded-proto') === 'https') ||
    (process.env.BETTER_AUTH_URL ?? '').startsWith('https://');
  return `${secure ? 'https' : 'http'}://${hostOf(h) ?? 'localhost'}`;
}

/** The language prefixes a conference's site serves: '' for Chinese, '/en' for English. */
export function sitePrefixes(conference: Pick<Conference, 'languageType'>): string[] {
  if (conference.languageType === 1) return [''];
  if (conference.languageType === 2) return ['/en'];
  return ['', '/en'];
}

/** The public pages listed in the sitemap, in every language the site serves. */
export function sitemapXml(conference: Conference, origin: string): string {
  if (conference.status !== PUBLISHED)
    return '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n';
  const paths = ['/', '/conferenceRegister'];
  const lastmod = conference.updatedAt.toISOString().slice(0, 10);
  const urls = paths.flatMap((path) =>
    sitePrefixes(conference).map(
      (prefix) => `  <url><loc>${origin}${prefix}${path === '/' && prefix ? '' : path}</loc><lastmod>${lastmod}</lastmod></url>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: a published site is open except the private areas; an unpublished one is closed. */
export function robotsTxt(conference: Conference | null, origin: string): string {
  if (!conference || conference.status !== PUBLISHED) return 'User-agent: *\nDisallow: /\n';
  const closed = ['/api/', '/platform', '/profile', '/console', '/en/platform', '/en/profile', '/en/console'];
  return ['User-agent: *', 'Allow: /', ...closed.map((p) => `Disallow: ${p}`), `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
