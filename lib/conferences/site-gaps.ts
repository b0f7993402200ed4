import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { cmsPage, conference, menuItem, registrationConfig } from '@/db/schema';
import { isWindowOpen } from './website-config';

/** What a conference's website may still lack when it is published, in the order they are shown. */
export const SITE_GAPS = ['homePage', 'menu', 'registrationClosed'] as const;
export type SiteGap = (typeof SITE_GAPS)[number];

/**
 * What the conference's website still lacks, for the platform administrator deciding on its
 * publication (spec §4): no home page (none chosen, or the chosen page is not published), no menu
 * item, and registration closed (the module off, or today outside its dates in the conference's
 * zone). Empty when the site is complete; empty as well for a conference that does not exist.
 */
export async function siteGaps(db: Executor, conferenceId: number, now = new Date()): Promise<SiteGap[]> {
  const [row] = await db
    .select({
      homePublished: sql<boolean>`exists (select 1 from ${cmsPage} p where p.id = ${conference.homePageId} and p.conference_id = ${conference.id} and p.published)`,
      menuItems: sql<number>`(select count(*)::int from ${menuItem} m where m.conference_id = ${conference.id})`,
      moduleEnabled: conference.registerModuleEnabled,
      timeZone: conference.timeZone,
      startDate: registrationConfig.startDate,
      endDate: registrationConfig.endDate,
    })
    .from(conference)
    .leftJoin(registrationConfig, eq(registrationConfig.conferenceId, conference.id))
    .where(and(eq(conference.id, conferenceId)));
  if (!row) return [];
  const open =
    row.moduleEnabled && isWindowOpen({ startDate: row.startDate ?? null, endDate: row.endDate ?? null, timeZone: row.timeZone }, now);
  const lacks: Record<SiteGap, boolean> = {
    homePage: !row.homePublished,
    menu: Number(row.menuItems) === 0,
    registrationClosed: !open,
  };
  return SITE_GAPS.filter((gap) => lacks[gap]);
}
