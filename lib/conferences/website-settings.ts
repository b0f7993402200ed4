import { and, eq, ne } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { cmsPage, conference, conferenceDomain, conferenceMember, user } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { forgetConferenceCache, type Conference } from '@/lib/tenancy/resolve-conference';
import { replaceDomains } from './domains';
import type { WebsiteConfigValues } from './website-schemas';

/** The website config form's values for one conference. */
export async function findWebsiteSettings(db: Executor, conf: Conference): Promise<WebsiteConfigValues> {
  const domains = await db
    .select({ domain: conferenceDomain.domain })
    .from(conferenceDomain)
    .where(eq(conferenceDomain.conferenceId, conf.id))
    .orderBy(conferenceDomain.domain);
  return {
    title: conf.title,
    title2: conf.title2,
    title3: conf.title3,
    shortTitle: conf.shortTitle,
    department: conf.department,
    discipline: conf.discipline,
    startDate: conf.startDate ?? '',
    endDate: conf.endDate ?? '',
    city: conf.city,
    address: conf.address,
    languageType: conf.languageType,
    timeZone: conf.timeZone,
    recordNumber: conf.recordNumber,
    homePageId: conf.homePageId,
    domains: domains.map((d) => d.domain),
    contacts: conf.contacts,
  };
}

/**
 * Saves the website config and its domains together; a domain another conference holds or a
 * platform host is refused, and a new domain waits for a platform administrator's approval.
 */
export async function saveWebsiteSettings(db: DB, conferenceId: number, input: WebsiteConfigValues): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (input.homePageId) {
        const [page] = await tx
          .select({ id: cmsPage.id })
          .from(cmsPage)
          .where(and(eq(cmsPage.conferenceId, conferenceId), eq(cmsPage.id, input.homePageId), eq(cmsPage.isMobile, false)));
        if (!page) throw new AppError('HOME_PAGE_INVALID');
      }
      await tx
        .update(conference)
        .set({
          title: input.title,
          title2: input.title2,
          title3: input.title3,
          shortTitle: input.shortTitle,
          department: input.department,
          discipline: input.discipline,
          startDate: input.startDate || null,
          endDate: input.endDate || null,
          city: input.city,
          address: input.address,
          languageType: input.languageType,
          timeZone: input.timeZone,
          recordNumber: input.recordNumber,
          homePageId: input.homePageId,
          contacts: input.contacts,
          updatedAt: new Date(),
        })
        .where(eq(conference.id, conferenceId));
      await replaceDomains(tx, conferenceId, input.domains);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('DOMAIN_TAKEN');
    throw error;
  }
  forgetConferenceCache();
}

/** Sets (or clears) the banner image's stored name. */
export async function saveBanner(db: Executor, conferenceId: number, name: string): Promise<void> {
  await db.update(conference).set({ banner: name, updatedAt: new Date() }).where(eq(conference.id, conferenceId));
  forgetConferenceCache();
}

/** The conference's administrators (managers), by email. */
export async function listManagers(db: Executor, conferenceId: number) {
  return db
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(conferenceMember)
    .innerJoin(user, eq(user.id, conferenceMember.userId))
    .where(and(eq(conferenceMember.conferenceId, conferenceId), eq(conferenceMember.role, 'manager')))
    .orderBy(user.email);
}

/**
 * Adds an administrator by email (spec §5, §8): the email must belong to a platform account
 * ("non-platform users cannot be added as administrators") that is not one already.
 */
export async function addManager(db: DB, conferenceId: number, email: string): Promise<{ userId: string }> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase()));
  if (!account) throw new AppError('NOT_PLATFORM_USER');
  const inserted = await db
    .insert(conferenceMember)
    .values({ conferenceId, userId: account.id, role: 'manager' })
    .onConflictDoNothing()
    .returning({ userId: conferenceMember.userId });
  if (!inserted.length) throw new AppError('ALREADY_MANAGER');
  return { userId: account.id };
}

/** Removes an administrator; the last one stays (a conference always has someone to manage it). */
export async function removeManager(db: DB, conferenceId: number, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const others = await tx
      .select({ userId: conferenceMember.userId })
      .from(conferenceMember)
      .where(
        and(eq(conferenceMember.conferenceId, conferenceId), eq(conferenceMember.role, 'manager'), ne(conferenceMember.userId, userId)),
      )
      .for('update');
    if (!others.length) throw new AppError('LAST_MANAGER');
    await tx
      .delete(conferenceMember)
      .where(
        and(eq(conferenceMember.conferenceId, conferenceId), eq(conferenceMember.userId, userId), eq(conferenceMember.role, 'manager')),
      );
  });
}
