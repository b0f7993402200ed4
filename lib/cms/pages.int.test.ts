import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { ZPageInput } from './page-schemas';
import { isMobileAgent } from '@/lib/http/user-agent';
import { deletePage, findPage, listPages, publishedPage, savePage, setPublished } from './pages';

describe.each(testBackends())('content pages on %s', (backend) => {
  let database: Database;
  let a: number;
  let b: number;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const make = (slug: string) => insertTestConference(database.db, slug);
    a = await make('pa');
    b = await make('pb');
  });
  afterAll(() => database?.close());

  const page = (extra: Record<string, unknown> = {}) =>
    ZPageInput.parse({ name: { zh: '会议日程', en: 'Programme' }, content: { zh: '<p>第一天</p>', en: '<p>Day one</p>' }, ...extra });

  it('stores sanitised HTML: no scripts, handlers or javascript: links survive', async () => {
    const { id } = await savePage(
      database.db,
      a,
      page({
        content: {
          zh: '<p>安全</p><script>window.hacked=1</script><img src="x.png" onerror="window.hacked=1">',
          en: '<a href="javascript:alert(1)">x</a><b onclick="x()">bold</b>',
        },
      }),
    );
    const stored = (await findPage(database.db, a, id))!;
    expect(stored.content.zh).toBe('<p>安全</p><img src="x.png" />');
    expect(stored.content.en).toBe('<a>x</a><b>bold</b>');
    expect(ZPageInput.safeParse({ ...page(), name: { zh: 'x'.repeat(101), en: 'x' } }).error?.issues[0].message).toBe('pageNameTooLong');
  });

  it('publishes and withdraws; visitors see only published pages of their conference, at once', async () => {
    const { id } = await savePage(database.db, a, page());
    expect(await publishedPage(database.db, a, id)).toBeNull();
    await setPublished(database.db, a, id, true);
    expect((await publishedPage(database.db, a, id))?.name.en).toBe('Programme');
    await savePage(database.db, a, { ...page({ name: { zh: '日程', en: 'Schedule' } }), id });
    expect((await publishedPage(database.db, a, id))?.name.en).toBe('Schedule');
    expect(await publishedPage(database.db, b, id)).toBeNull();
    await expect(setPublished(database.db, b, id, false)).rejects.toMatchObject({ code: 'PAGE_NOT_FOUND' });
    await setPublished(database.db, a, id, false);
    expect(await publishedPage(database.db, a, id)).toBeNull();
  });

  it('relates a mobile page of the same conference only; deleting it lets go of the relation', async () => {
    const { id: mobile } = await savePage(database.db, a, page({ isMobile: true }));
    const { id: other } = await savePage(database.db, b, page({ isMobile: true }));
    const { id: desktop } = await savePage(database.db, a, page({ mobilePageId: mobile }));
    await expect(savePage(database.db, a, page({ mobilePageId: other }))).rejects.toMatchObject({ code: 'MOBILE_PAGE_INVALID' });
    await expect(savePage(database.db, a, page({ mobilePageId: desktop }))).rejects.toMatchObject({ code: 'MOBILE_PAGE_INVALID' });
    await deletePage(database.db, a, mobile);
    expect((await findPage(database.db, a, desktop))?.mobilePageId).toBeNull();
    expect((await listPages(database.db, b)).map((p) => p.id)).toEqual([other]);
    expect(isMobileAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe(false);
  });
});
