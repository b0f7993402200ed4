import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lookup, PUBLIC_CACHE_TTL_MS, publicCacheKey, publicCacheSize, purgePublicCache, release, store } from './public-cache';

const page = (headers: Record<string, string> = {}, url = '/', method = 'GET') => ({
  method,
  url,
  headers: { host: 'demo.localhost', ...headers },
});
const html = (status = 200, extra: Record<string, unknown> = {}) => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', date: 'x', ...extra },
  body: Buffer.from('<html>hi</html>'),
});

describe('anonymous HTML cache', () => {
  beforeEach(() => purgePublicCache());

  it('keys public pages by host, address, language cookie, compression and phone', () => {
    expect(publicCacheKey(page())).toBe('demo.localhost|/|-|id|d');
    expect(publicCacheKey(page({}, '/en'))).toBe('demo.localhost|/en|-|id|d');
    expect(publicCacheKey(page({}, '/en/page/12'))).toBe('demo.localhost|/en/page/12|-|id|d');
    expect(publicCacheKey(page({}, '/programme'))).toBe('demo.localhost|/programme|-|id|d');
    expect(publicCacheKey(page({}, '/en/programme/A-01_b'))).toBe('demo.localhost|/en/programme/A-01_b|-|id|d');
    expect(
      publicCacheKey(page({ cookie: 'NEXT_LOCALE=en', 'accept-encoding': 'gzip, br', 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' })),
    ).toBe('demo.localhost|/|en|gz|m');
  });

  it('sends to the app whatever may differ per visitor or is not a public page', () => {
    expect(publicCacheKey(page({ cookie: 'a=1; confhub.session_token=abc' }))).toBeNull();
    expect(publicCacheKey(page({ cookie: '__Secure-confhub.session_token=abc' }))).toBeNull();
    // Any credential, of any kind: a bearer token, an empty Authorization header, an unknown cookie.
    expect(publicCacheKey(page({ authorization: 'Bearer abc.def' }))).toBeNull();
    expect(publicCacheKey(page({ authorization: '' }))).toBeNull();
    expect(publicCacheKey(page({ cookie: 'NEXT_LOCALE=en; other=1' }))).toBeNull();
    expect(publicCacheKey(page({ cookie: 'NEXT_LOCALE=en' }))).toBe('demo.localhost|/|en|id|d');
    expect(publicCacheKey(page({ rsc: '1' }))).toBeNull();
    expect(publicCacheKey(page({ 'next-router-prefetch': '1' }))).toBeNull();
    // Parameters the proxy acts on (a redirect that sets the language, the central sign-in) go to the app as they came.
    expect(publicCacheKey(page({}, '/?autologon'))).toBeNull();
    expect(publicCacheKey(page({}, '/programme?x=1&locale=en'))).toBeNull();
    expect(publicCacheKey(page({}, '/', 'POST'))).toBeNull();
    expect(publicCacheKey(page({}, '/', 'HEAD'))).toBeNull();
    for (const url of [
      '/profile/userInfo',
      '/platform/config/website',
      '/api/health',
      '/page/x',
      '/en/conferenceRegister',
      '/page/1/../../api',
      '/programme/A-01/x',
      '/programme/%2e%2e',
    ]) {
      expect(publicCacheKey(page({}, url))).toBeNull();
    }
  });

  it('keys a page by the parameters it reads, in one spelling, and by no other', () => {
    const key = (url: string) => publicCacheKey(page({}, url));
    // Unknown parameters (a cache buster, a tracking tag, the router's _rsc without its header) are no part of the page.
    for (const url of [
      '/programme?x=1',
      '/programme?x=2&utm_source=a',
      '/programme?',
      '/programme?_rsc=abc',
      '/programme?day=nonsense&q=%20',
    ])
      expect(key(url)).toBe('demo.localhost|/programme|-|id|d');
    expect(key('/?x=1')).toBe('demo.localhost|/|-|id|d');
    expect(key('/en/page/12?x=1')).toBe('demo.localhost|/en/page/12|-|id|d');
    expect(key('/programme/A-01?day=2030-10-12')).toBe('demo.localhost|/programme/A-01|-|id|d');
    // The programme's day tab and filters vary it: kept, sorted, each once, spelled as the page reads them.
    expect(key('/programme?x=1&day=2030-10-12')).toBe('demo.localhost|/programme?day=2030-10-12|-|id|d');
    expect(key('/programme?type=poster&room=3&day=all&day=2030-10-12&theme=07&q=++dark++matter')).toBe(
      'demo.localhost|/programme?day=all&q=dark+matter&room=3&theme=7&type=poster|-|id|d',
    );
    expect(key('/programme?room=0&type=party&theme=x')).toBe('demo.localhost|/programme|-|id|d');
    // Still never an address that is no public page, whatever its query.
    expect(key('/profile/userInfo?x=1')).toBeNull();
  });

  it('lets one request render a page nobody stored yet while the others wait for it', async () => {
    const key = publicCacheKey(page({}, '/programme?x=1'))!;
    const first = lookup(key);
    expect(first.kind).toBe('miss');
    const second = lookup(key);
    const third = lookup(key);
    expect(second.kind).toBe('wait');
    expect(third.kind).toBe('wait');
    // One that waited long enough renders alongside instead of waiting again.
    expect(lookup(key, Date.now(), { shared: false }).kind).toBe('miss');
    store(key, first.kind === 'miss' ? first.generation : -1, html());
    if (second.kind === 'wait') await second.settled;
    expect(lookup(key).kind).toBe('hit');
  });

  it('wakes the waiting requests when the render was not kept, and one of them renders next', async () => {
    const key = publicCacheKey(page({}, '/en'))!;
    const first = lookup(key);
    const waiting = lookup(key);
    expect(waiting.kind).toBe('wait');
    expect(store(key, first.kind === 'miss' ? first.generation : -1, html(500))).toBe(false);
    if (waiting.kind === 'wait') await waiting.settled;
    expect(lookup(key).kind).toBe('miss');
    expect(lookup(key).kind).toBe('wait');
    release(key);
    expect(lookup(key).kind).toBe('miss');
  });

  it('serves a stored page until it is stale, then lets exactly one request render it again', () => {
    const key = publicCacheKey(page())!;
    const first = lookup(key);
    expect(first.kind).toBe('miss');
    expect(store(key, first.kind === 'miss' ? first.generation : -1, html())).toBe(true);
    const hit = lookup(key);
    expect(hit.kind).toBe('hit');
    if (hit.kind === 'hit') {
      expect(hit.response.body.toString()).toBe('<html>hi</html>');
      expect(hit.response.rawHeaders).not.toContain('date');
      expect(hit.response.rawHeaders).toEqual([
        'content-type',
        'text/html; charset=utf-8',
        'content-length',
        '15',
        'x-confhub-cache',
        'hit',
      ]);
    }
    const later = Date.now() + PUBLIC_CACHE_TTL_MS + 1;
    expect(lookup(key, later).kind).toBe('miss');
    expect(lookup(key, later).kind).toBe('hit');
    release(key);
    expect(lookup(key, later).kind).toBe('miss');
  });

  it('keeps no error, redirect, cookie-setting or non-HTML answer', () => {
    const key = publicCacheKey(page())!;
    const miss = lookup(key);
    const generation = miss.kind === 'miss' ? miss.generation : -1;
    expect(store(key, generation, html(307))).toBe(false);
    expect(store(key, generation, html(200, { 'set-cookie': ['a=1'] }))).toBe(false);
    expect(store(key, generation, { ...html(), headers: { 'content-type': 'application/json' } })).toBe(false);
    expect(publicCacheSize()).toBe(0);
  });

  it('forgets everything on an organiser change and refuses a render that began before it', () => {
    const key = publicCacheKey(page())!;
    const miss = lookup(key);
    const generation = miss.kind === 'miss' ? miss.generation : -1;
    store(key, generation, html());
    const other = publicCacheKey(page({}, '/en'))!;
    const during = lookup(other);
    purgePublicCache();
    expect(publicCacheSize()).toBe(0);
    expect(store(other, during.kind === 'miss' ? during.generation : -1, html())).toBe(false);
    expect(lookup(key).kind).toBe('miss');
  });
});

describe('anonymous HTML cache memory', () => {
  it('holds at most PUBLIC_CACHE_MAX_MB of pages, dropping the oldest, and keeps no page above an eighth of it', async () => {
    vi.resetModules();
    vi.stubEnv('PUBLIC_CACHE_MAX_MB', '1');
    try {
      const cache = await import('./public-cache');
      cache.purgePublicCache();
      const body = (kb: number) => ({ ...html(), body: Buffer.alloc(kb * 1024, 'a') });
      const keys = Array.from({ length: 12 }, (_, i) => cache.publicCacheKey(page({}, `/programme?q=search-${i}`))!);
      for (const key of keys) {
        const miss = cache.lookup(key);
        expect(cache.store(key, miss.kind === 'miss' ? miss.generation : -1, body(100))).toBe(true);
      }
      expect(cache.publicCacheBytes()).toBeLessThanOrEqual(1024 * 1024);
      expect(cache.publicCacheSize()).toBe(10);
      expect(cache.lookup(keys[0]).kind).not.toBe('hit');
      expect(cache.lookup(keys[11]).kind).toBe('hit');
      const big = cache.publicCacheKey(page({}, '/programme?day=all'))!;
      const miss = cache.lookup(big);
      expect(cache.store(big, miss.kind === 'miss' ? miss.generation : -1, body(200))).toBe(false);
      cache.purgePublicCache();
      expect(cache.publicCacheBytes()).toBe(0);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
