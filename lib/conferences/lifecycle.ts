import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB, Executor } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import {
  conference,
  conferenceDomain,
  conferenceMember,
  conferenceStatusEvent,
  platformAdmin,
  publicationRequest,
  registrationConfig,
  user,
} from '@/db/schema';
import { envLimit } from '@/lib/accounts/rate-limit';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import { forgetConferenceCache } from '@/lib/tenancy/resolve-conference';
import type { ZCreateConference, ZDecision } from './lifecycle-schemas';
import { CONFERENCE_STATUS } from './status';

/** Conference status of spec §4 (see ./status). */
const STATUS = CONFERENCE_STATUS;

/**
 * Conferences one account may create (CONFERENCES_PER_ACCOUNT, default 5): anyone can create one, so without a limit
 * one account could fill the platform with sites. Platform administrators are not limited.
 */
export const CONFERENCES_PER_ACCOUNT = envLimit('CONFERENCES_PER_ACCOUNT', 5);

/**
 * Creates a conference (not published) whose creator becomes its manager, in one transaction. The account's
 * conferences are counted under a per-account lock in that transaction, so any number of creates at once by one
 * account never pass CONFERENCES_PER_ACCOUNT (CONFERENCE_LIMIT); a platform administrator is not counted.
 */
export async function createConference(
  db: DB,
  userId: string,
  input: z.output<typeof ZCreateConference>,
): Promise<{ id: number; slug: string }> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`conference-create:${userId}`}))`);
      const [admin] = await tx.select({ userId: platformAdmin.userId }).from(platformAdmin).where(eq(platformAdmin.userId, userId));
      if (!admin) {
        const [{ created }] = await tx.select({ created: count() }).from(conference).where(eq(conference.createdBy, userId));
        if (created >= CONFERENCES_PER_ACCOUNT) throw new AppError('CONFERENCE_LIMIT', { limit: CONFERENCES_PER_ACCOUNT });
      }
      const [created] = await tx
        .insert(conference)
        .values({
          slug: input.slug,
          title: input.title,
          shortTitle: input.shortTitle,
          languageType: input.languageType,
          startDate: input.startDate || null,
          endDate: input.endDate || null,
          city: input.city,
          status: STATUS.draft,
          registerModuleEnabled: false,
          createdBy: userId,
        })
        .returning({ id: conference.id, slug: conference.slug });
      await tx.insert(conferenceMember).values({ conferenceId: created.id, userId, role: 'manager' });
      await tx.insert(registrationConfig).values({ conferenceId: created.id });
      await tx
        .insert(conferenceStatusEvent)
        .values({ conferenceId: created.id, actorUserId: userId, fromStatus: '', toStatus: STATUS.draft, reason: 'created' });
      return created;
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('SLUG_TAKEN');
    throw error;
  }
}

/** The conferences I manage, newest first, with the reason of the last rejected request. */
export async function myConferences(db: Executor, userId: string) {
  return db
    .select({
      id: conference.id,
      slug: conference.slug,
      title: conference.title,
      shortTitle: conference.shortTitle,
      status: conference.status,
      createdAt: conference.createdAt,
      domain: sql<
        string | null
      >`(select d.domain from ${conferenceDomain} d where d.conference_id = ${conference.id} order by d.domain limit 1)`,
      lastRejection: sql<
        string | null
      >`(select r.reason from ${publicationRequest} r where r.conference_id = ${conference.id} and r.status = 'rejected' order by r.id desc limit 1)`,
    })
    .from(conference)
    .innerJoin(
      conferenceMember,
      and(eq(conferenceMember.conferenceId, conference.id), eq(conferenceMember.userId, userId), eq(conferenceMember.role, 'manager')),
    )
    .orderBy(desc(conference.createdAt), desc(conference.id));
}

/** Locks a conference I manage (or any, for a platform administrator) and returns it; otherwise forbidden. */
async function lockManaged(tx: Executor, conferenceId: number, userId: string) {
  const [row] = await tx
    .select({
      id: conference.id,
      slug: conference.slug,
      title: conference.title,
      status: conference.status,
      manager: sql<boolean>`exists (select 1 from ${conferenceMember} m where m.conference_id = ${conference.id} and m.user_id = ${userId} and m.role = 'manager')`,
      admin: sql<boolean>`exists (select 1 from ${platformAdmin} a where a.user_id = ${userId})`,
    })
    .from(conference)
    .where(eq(conference.id, conferenceId))
    .for('update', { of: conference });
  if (!row || (!row.manager && !row.admin)) throw new AppError('FORBIDDEN');
  return row;
}

async function moveStatus(tx: Executor, conferenceId: number, from: string, to: string, actorUserId: string, reason = ''): Promise<void> {
  await tx.update(conference).set({ status: to, updatedAt: new Date() }).where(eq(conference.id, conferenceId));
  await tx.insert(conferenceStatusEvent).values({ conferenceId, actorUserId, fromStatus: from, toStatus: to, reason });
}

/** A manager asks the platform to publish (from not published or closed); every platform administrator is told. */
export async function requestPublication(
  db: DB,
  input: { conferenceId: number; userId: string; locale: Locale },
): Promise<{ requestId: number }> {
  const result = await db.transaction(async (tx) => {
    const conf = await lockManaged(tx, input.conferenceId, input.userId);
    if (conf.status === STATUS.pending) throw new AppError('ALREADY_REQUESTED');
    if (conf.status === STATUS.published) throw new AppError('ALREADY_PUBLISHED');
    const [request] = await tx
      .insert(publicationRequest)
      .values({ conferenceId: conf.id, requestedBy: input.userId, locale: input.locale })
      .returning({ id: publicationRequest.id });
    await moveStatus(tx, conf.id, conf.status, STATUS.pending, input.userId);
    const [requester] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, input.userId));
    const admins = await tx.select({ email: user.email }).from(platformAdmin).innerJoin(user, eq(user.id, platformAdmin.userId));
    for (const admin of admins) {
      await enqueueMail(tx, {
        conferenceId: conf.id,
        to: admin.email,
        template: 'publicationRequested',
        locale: input.locale,
        vars: { conference: localized(conf.title, input.locale), slug: conf.slug, name: requester.name, email: requester.email },
      });
    }
    return { requestId: request.id };
  });
  forgetConferenceCache();
  return result;
}

/** The pending publication requests, oldest first, for the platform administrator. */
export async function pendingRequests(db: Executor) {
  return db
    .select({
      id: publicationRequest.id,
      createdAt: publicationRequest.createdAt,
      conferenceId: conference.id,
      slug: conference.slug,
      title: conference.title,
      timeZone: conference.timeZone,
      requesterName: user.name,
      requesterEmail: user.email,
    })
    .from(publicationRequest)
    .innerJoin(conference, eq(conference.id, publicationRequest.conferenceId))
    .leftJoin(user, eq(user.id, publicationRequest.requestedBy))
    .where(eq(publicationRequest.status, 'pending'))
    .orderBy(publicationRequest.id);
}

/**
 * The platform administrator approves (published, '4') or rejects (back to not published, with the
 * reason) a pending request; the requester is told in their language. A decided request cannot be
 * decided again.
 */
export async function decidePublication(
  db: DB,
  input: { requestId: number; adminId: string; decision: z.output<typeof ZDecision> },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(publicationRequest)
      .where(and(eq(publicationRequest.id, input.requestId), eq(publicationRequest.status, 'pending')))
      .for('update');
    if (!request) throw new AppError('REQUEST_DECIDED');
    const [conf] = await tx.select().from(conference).where(eq(conference.id, request.conferenceId)).for('update');
    const approve = input.decision.approve;
    await tx
      .update(publicationRequest)
      .set({ status: approve ? 'approved' : 'rejected', reason: input.decision.reason, decidedBy: input.adminId, decidedAt: new Date() })
      .where(eq(publicationRequest.id, request.id));
    await moveStatus(tx, conf.id, conf.status, approve ? STATUS.published : STATUS.draft, input.adminId, input.decision.reason);
    const [requester] = request.requestedBy
      ? await tx.select({ email: user.email }).from(user).where(eq(user.id, request.requestedBy))
      : [];
    if (requester) {
      const locale: Locale = request.locale === 'en' ? 'en' : 'zh';
      await enqueueMail(tx, {
        conferenceId: conf.id,
        to: requester.email,
        template: approve ? 'publicationApproved' : 'publicationRejected',
        locale,
        vars: { conference: localized(conf.title, locale), reason: input.decision.reason },
      });
    }
  });
  forgetConferenceCache();
}

/** cancelRelease: a published conference goes back to not published (visitors see /unpublished). */
export async function cancelPublication(db: DB, input: { conferenceId: number; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const conf = await lockManaged(tx, input.conferenceId, input.userId);
    if (conf.status !== STATUS.published) throw new AppError('NOT_PUBLISHED');
    await moveStatus(tx, conf.id, conf.status, STATUS.draft, input.userId, 'cancelRelease');
  });
  forgetConferenceCache();
}

/** Closes a conference (its site shows /unpublished to visitors); it may be submitted for publication again. */
export async function closeConference(db: DB, input: { conferenceId: number; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const conf = await lockManaged(tx, input.conferenceId, input.userId);
    if (conf.status === STATUS.closed) throw new AppError('ALREADY_CLOSED');
    // A pending request is withdrawn with the close.
    await tx
      .update(publicationRequest)
      .set({ status: 'withdrawn', decidedBy: input.userId, decidedAt: new Date() })
      .where(and(eq(publicationRequest.conferenceId, conf.id), eq(publicationRequest.status, 'pending')));
    await moveStatus(tx, conf.id, conf.status, STATUS.closed, input.userId, 'close');
  });
  forgetConferenceCache();
}
