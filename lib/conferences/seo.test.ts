import { describe, expect, it } from 'vitest';
import { PUBLISHED } from '@/lib/conferences/status';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { robotsTxt, sitemapXml, sitePrefixes } from './seo';

const conf = (extra: Partial<Conference>) =>
  ({ status: PUBLISHED, languageType: 3, updatedAt: new Date('2026-11-01T00:00:00Z'), ...extra }) as Conference;

describe('sitemap and robots', () => {
  it('lists the public pages in every language the site serves', () => {
    const xml = sitemapXml(conf({}), 'https://conf.example.org');
    expect(xml).toContain('<loc>https://conf.example.org/</loc><lastmod>2026-11-01</lastmod>');
    expect(xml).toContain('<loc>https://conf.example.org/en</loc>');
    expect(xml).toContain('<loc>https://conf.example.org/en/conferenceRegister</loc>');
    expect(sitemapXml(conf({ languageType: 2 }), 'https://c.org')).not.toContain('<loc>https://c.org/</loc>');
    expect(sitePrefixes(conf({ languageType: 1 }))).toEqual(['']);
  });
  it('says nothing of an unpublished site and closes it to robots', () => {
    expect(sitemapXml(conf({ status: '1' }), 'https://c.org')).not.toContain('<url>');
    expect(robotsTxt(conf({ status: '2' }), 'https://c.org')).toBe('User-agent: *\nDisallow: /\n');
    expect(robotsTxt(null, 'https://c.org')).toBe('User-agent: *\nDisallow: /\n');
    const open = robotsTxt(conf({}), 'https://c.org');
    expect(open).toContain('Disallow: /platform');
    expect(open).toContain('Sitemap: https://c.org/sitemap.xml');
  });
});
