import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { cmsPage, conference, menuItem, registrationConfig, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { plantPublishedConference } from '@/testing/harness/conference';
import { createConference } from './lifecycle';
import { ZCreateConference } from './lifecycle-schemas';
import { siteGaps } from './site-gaps';

describe.each(testBackends())('what a conference site still lacks on %s', (backend) => {
  let database: Database;
  let creator: string;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    [{ id: creator }] = await database.db
      .insert(user)
      .values({ id: 'gaps-creator', name: 'Creator', email: 'gaps-creator@example.org', emailVerified: true })
      .returning({ id: user.id });
  });
  afterAll(() => database?.close());

  const noon = new Date('2027-05-10T04:00:00Z'); // 12:00 in Shanghai
  const page = async (conferenceId: number, published: boolean) =>
    (
      await database.db
        .insert(cmsPage)
        .values({ conferenceId, name: { zh: '首页', en: 'Home' }, published })
        .returning({ id: cmsPage.id })
    )[0].id;

  it('a conference just created lacks all three: home page, menu and open registration', async () => {
    const input = ZCreateConference.parse({ slug: 'gaps-new', title: { zh: '新会议', en: 'New' }, shortTitle: { zh: '新', en: 'New' } });
    const { id } = await createConference(database.db, creator, input);
    expect(await siteGaps(database.db, id, noon)).toEqual(['homePage', 'menu', 'registrationClosed']);
  });

  it('each gap closes with its part, and only with a published home page of this conference', async () => {
    const { id } = await plantPublishedConference(database.db, 'gaps-fill', { registerModuleEnabled: false });
    const other = await plantPublishedConference(database.db, 'gaps-other');
    await database.db.insert(registrationConfig).values({ conferenceId: id });

    // Another conference's published page as the home page is none.
    await database.db
      .update(conference)
      .set({ homePageId: await page(other.id, true) })
      .where(eq(conference.id, id));
    expect(await siteGaps(database.db, id, noon)).toContain('homePage');
    // Its own page, not published yet: still none.
    const home = await page(id, false);
    await database.db.update(conference).set({ homePageId: home }).where(eq(conference.id, id));
    expect(await siteGaps(database.db, id, noon)).toEqual(['homePage', 'menu', 'registrationClosed']);
    await database.db.update(cmsPage).set({ published: true }).where(eq(cmsPage.id, home));
    expect(await siteGaps(database.db, id, noon)).toEqual(['menu', 'registrationClosed']);

    // Another conference's menu does not count; its own does.
    await database.db.insert(menuItem).values({ conferenceId: other.id, title: { zh: '注册', en: 'Register' } });
    expect(await siteGaps(database.db, id, noon)).toEqual(['menu', 'registrationClosed']);
    await database.db.insert(menuItem).values({ conferenceId: id, title: { zh: '注册', en: 'Register' } });
    expect(await siteGaps(database.db, id, noon)).toEqual(['registrationClosed']);

    // Registration: dates around today but the module off is closed; on and within the dates is open.
    await database.db
      .update(registrationConfig)
      .set({ startDate: '2027-05-01', endDate: '2027-05-10' })
      .where(eq(registrationConfig.conferenceId, id));
    expect(await siteGaps(database.db, id, noon)).toEqual(['registrationClosed']);
    await database.db.update(conference).set({ registerModuleEnabled: true }).where(eq(conference.id, id));
    expect(await siteGaps(database.db, id, noon)).toEqual([]);
    // The next day in the conference's zone, past the end date: closed again.
    expect(await siteGaps(database.db, id, new Date('2027-05-10T16:30:00Z'))).toEqual(['registrationClosed']);
  });

  it('a conference that does not exist lacks nothing to report', async () => {
    expect(await siteGaps(database.db, 2_000_000_000, noon)).toEqual([]);
  });
});
