import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/db/client';
import { cmsPage, conference } from '@/db/schema';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { ZPageInput } from '@/lib/cms/page-schemas';
import { forgetPages, publishedPage, savePage, setPublished } from '@/lib/cms/pages';
import { forgetLook } from '@/lib/cms/templates';
import { cachedConferenceByHost, forgetConferenceCache } from '@/lib/tenancy/resolve-conference';
import { broadcastsSent, INVALIDATION_CHANNEL, type Topic } from './invalidation';
import { startInvalidationListener, type InvalidationListener } from './invalidation-listener';
import { lookup, publicCacheKey, publicCacheSize, purgePublicCache, store } from './public-cache';

/** Puts one page into the anonymous HTML cache, as scripts/serve.ts does after a render. */
function cacheOneHtmlPage(): void {
  const key = publicCacheKey({ method: 'GET', url: '/', headers: { host: 'inv.localhost' } })!;
  const found = lookup(key);
  if (found.kind !== 'miss') throw new Error('expected a miss');
  store(key, found.generation, { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('<p>old</p>') });
}

describe('cache invalidation on the embedded database', () => {
  it('starts no listener: PGlite serves one process', async () => {
    const database = await createTestDatabase('pglite');
    try {
      expect(startInvalidationListener(database, { global: true })).toBeNull();
      purgePublicCache();
      await broadcastsSent();
    } finally {
      await database.close();
    }
  });
});

const onPostgres = testBackends().includes('postgres');

const title = onPostgres
  ? 'cache invalidation across server processes on PostgreSQL'
  : 'cache invalidation across server processes on PostgreSQL (skipped: TEST_DATABASE_URL is not set)';

describe.skipIf(!onPostgres)(title, () => {
  let database: Database;
  let conf: number;
  let pageId: number;
  const listeners: InvalidationListener[] = [];
  const listen = (options: Parameters<typeof startInvalidationListener>[1]) => {
    const listener = startInvalidationListener(database, options)!;
    listeners.push(listener);
    return listener;
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    conf = await insertTestConference(database.db, 'inv');
    const page = ZPageInput.parse({ name: { zh: '日程', en: 'Programme' }, content: { zh: '<p>第一天</p>', en: '<p>Day one</p>' } });
    ({ id: pageId } = await savePage(database.db, conf, page));
    await setPublished(database.db, conf, pageId, true);
  });
  afterAll(async () => {
    for (const listener of listeners) await listener.close();
    await database?.close();
  });

  it("a change announced by one process drops another process's page cache and HTML cache", async () => {
    // "other" is a second server process: its listener runs the registered drops.
    const other = listen({ origin: 'other' });
    const ownDrops = vi.fn();
    const one = listen({ origin: 'one', apply: ownDrops });
    await Promise.all([other.ready, one.ready]);

    expect((await publishedPage(database.db, conf, pageId))?.content.en).toBe('<p>Day one</p>');
    cacheOneHtmlPage();
    // Process "one" changes the page (its own caches are its business) …
    await database.db
      .update(cmsPage)
      .set({ content: { zh: '<p>第二天</p>', en: '<p>Day two</p>' } })
      .where(and(eq(cmsPage.conferenceId, conf), eq(cmsPage.id, pageId)));
    // … which the other process does not see while its copy is kept (60 s) …
    expect((await publishedPage(database.db, conf, pageId))?.content.en).toBe('<p>Day one</p>');
    expect(publicCacheSize()).toBe(1);
    // … until "one" announces it.
    await one.announce('pages', conf);
    await vi.waitFor(async () => expect((await publishedPage(database.db, conf, pageId))?.content.en).toBe('<p>Day two</p>'), {
      timeout: 5_000,
    });
    expect(publicCacheSize()).toBe(0);
    expect(ownDrops).not.toHaveBeenCalled();

    // The host lookup, the same way.
    expect((await cachedConferenceByHost(database.db, 'inv.localhost'))?.title.en).toBe('inv');
    await database.db
      .update(conference)
      .set({ title: { zh: '新', en: 'Renamed' } })
      .where(eq(conference.id, conf));
    expect((await cachedConferenceByHost(database.db, 'inv.localhost'))?.title.en).toBe('inv');
    await one.announce('conferences');
    await vi.waitFor(async () => expect((await cachedConferenceByHost(database.db, 'inv.localhost'))?.title.en).toBe('Renamed'), {
      timeout: 5_000,
    });
    await Promise.all([other.close(), one.close()]);
  });

  it('every drop site announces its drop, in the order made, once the server listens', async () => {
    const server = listen({ global: true });
    await server.ready;
    const watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
    const heard: { topic: Topic; scope: string | null }[] = [];
    watcher.on('notification', (note) => {
      const message = JSON.parse(note.payload ?? '{}') as { t: Topic; s: string | null };
      heard.push({ topic: message.t, scope: message.s });
    });
    await watcher.query(`listen ${INVALIDATION_CHANNEL}`);
    try {
      forgetConferenceCache();
      forgetPages(conf);
      forgetLook(conf);
      purgePublicCache();
      await setPublished(database.db, conf, pageId, false);
      await broadcastsSent();
      await vi.waitFor(() => expect(heard).toHaveLength(5), { timeout: 5_000 });
      expect(heard).toEqual([
        { topic: 'conferences', scope: null },
        { topic: 'pages', scope: String(conf) },
        { topic: 'look', scope: String(conf) },
        { topic: 'site', scope: null },
        { topic: 'pages', scope: String(conf) },
      ]);
    } finally {
      await watcher.end();
      await server.close();
    }
    // Without a listening server (closed) nothing is sent.
    forgetConferenceCache();
    await broadcastsSent();
  });

  it('a listener whose connection broke reconnects with backoff, drops everything, and hears announcements again', async () => {
    const applied = vi.fn();
    const listener = listen({ origin: 'reconnecting', apply: applied, minBackoffMs: 50 });
    await listener.ready;
    expect(listener.connections()).toBe(1);
    cacheOneHtmlPage();
    expect(publicCacheSize()).toBe(1);

    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    try {
      const { rows } = await killer.query(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and query = $1`,
        [`listen ${INVALIDATION_CHANNEL}`],
      );
      expect(rows).toHaveLength(1);
    } finally {
      await killer.end();
    }
    await vi.waitFor(() => expect(listener.connections()).toBe(2), { timeout: 10_000 });
    expect(publicCacheSize()).toBe(0);

    const sender = listen({ origin: 'sender', apply: () => {} });
    await sender.ready;
    await sender.announce('look', conf);
    await vi.waitFor(() => expect(applied).toHaveBeenCalledWith('look', String(conf)), { timeout: 5_000 });
  });
});
