/**
 * Planting a conference under review for the review integration tests: a published conference on
 * its own host, accounts with sessions, reviewers (active, linked to an account), sessions,
 * submissions with authors and assignments, straight into the tables.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  conference,
  conferenceMember,
  reviewAssignment,
  reviewConfig,
  reviewer,
  submission,
  submissionAuthor,
  submissionSession,
  user,
} from '@/db/schema';
import type { ReviewScores } from '@/db/schema/submissions';
import { insertAccount } from '@/lib/accounts/create-account';
import type { RouteHandler } from '@/lib/http/route';
import { apiRequest, insertSessionFor, plantSession, sessionUserId } from '@/lib/http/testing';

export type ReviewFixture = { conferenceId: number; host: string };
export type Account = { token: string; userId: string; email: string };

export async function plantReviewConference(database: Database, slug: string, languageType = 3): Promise<ReviewFixture> {
  const [conf] = await database.db
    .insert(conference)
    .values({
      slug,
      title: { zh: `${slug} 会议`, en: `${slug} Conference` },
      shortTitle: { zh: slug, en: slug },
      status: '4',
      languageType,
    })
    .returning({ id: conference.id });
  return { conferenceId: conf.id, host: `${slug}.localhost` };
}

/** An account with a live session; a manager of the conference when asked. */
export async function plantAccount(database: Database, conferenceId: number, role: 'user' | 'manager' = 'user'): Promise<Account> {
  const token = await plantSession(database, conferenceId, role);
  const userId = await sessionUserId(database.db, token);
  const [row] = await database.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return { token, userId, email: row.email };
}

/** An account with a session but no role anywhere, with the given email. */
async function accountWithEmail(database: Database, email: string): Promise<Account> {
  const userId = await database.db.transaction((tx) => insertAccount(tx, { email, name: email.split('@')[0], passwordHash: null }));
  const token = await insertSessionFor(database.db, userId);
  return { token, userId, email };
}

export type PlantedReviewer = Account & { reviewerId: number };

/** An active reviewer (or chair) with an account and a session. */
export async function plantReviewer(
  database: Database,
  conferenceId: number,
  opts: {
    organization?: string;
    role?: 'reviewer' | 'chair';
    sessionIds?: number[];
    email?: string;
    active?: boolean;
    locale?: 'zh' | 'en';
  } = {},
): Promise<PlantedReviewer> {
  const email = opts.email ?? `rev-${randomBytes(4).toString('hex')}@example.org`;
  const account = await accountWithEmail(database, email);
  const [row] = await database.db
    .insert(reviewer)
    .values({
      conferenceId,
      email,
      userId: account.userId,
      fullName: `Reviewer ${email.split('@')[0]}`,
      organization: opts.organization ?? '',
      role: opts.role ?? 'reviewer',
      sessionIds: opts.sessionIds ?? [],
      active: opts.active ?? true,
      locale: opts.locale ?? 'zh',
      activatedAt: new Date(),
    })
    .returning({ id: reviewer.id });
  await database.db.insert(conferenceMember).values({ conferenceId, userId: account.userId, role: 'reviewer' }).onConflictDoNothing();
  return { ...account, reviewerId: row.id };
}

export async function plantTopic(database: Database, conferenceId: number, name: string, parentId: number | null = null): Promise<number> {
  const [row] = await database.db
    .insert(submissionSession)
    .values({ conferenceId, name: { zh: name, en: name }, parentId })
    .returning({ id: submissionSession.id });
  return row.id;
}

export type PlantedAuthor = { name: string; surname: string; email: string; company: string; corresponding?: boolean };

let counter = 0;

/** A submission by `userId` with its authors, in the status and version asked for. */
export async function plantSubmission(
  database: Database,
  conferenceId: number,
  userId: string,
  opts: {
    title?: string;
    sessionId?: number | null;
    status?: string;
    version?: number;
    authors?: PlantedAuthor[];
    abstract?: string;
    locale?: 'zh' | 'en';
  } = {},
): Promise<number> {
  counter += 1;
  const [row] = await database.db
    .insert(submission)
    .values({
      conferenceId,
      userId,
      code: `S${String(counter).padStart(4, '0')}-${randomBytes(2).toString('hex')}`,
      title: opts.title ?? `A study number ${counter}`,
      locale: opts.locale ?? 'en',
      sessionId: opts.sessionId ?? null,
      status: opts.status ?? 'waiting',
      version: opts.version ?? 1,
      abstract: opts.abstract ?? 'We measure things carefully.',
    })
    .returning({ id: submission.id });
  const authors = opts.authors ?? [{ name: 'Ada', surname: 'Author', email: `author-${counter}@uni.example`, company: 'Some University' }];
  if (authors.length) {
    await database.db.insert(submissionAuthor).values(
      authors.map((a, i) => ({
        conferenceId,
        submissionId: row.id,
        name: a.name,
        surname: a.surname,
        email: a.email,
        company: a.company,
        corresponding: a.corresponding ?? i === 0,
        sortOrder: i,
      })),
    );
  }
  return row.id;
}

/** An assignment planted directly (status and scores as given). */
export async function plantAssignment(
  database: Database,
  conferenceId: number,
  submissionId: number,
  reviewerId: number,
  opts: { version?: number; status?: string; scores?: ReviewScores; opinion?: string } = {},
): Promise<number> {
  const [row] = await database.db
    .insert(reviewAssignment)
    .values({
      conferenceId,
      submissionId,
      reviewerId,
      version: opts.version ?? 1,
      status: opts.status ?? 'assigned',
      scores: opts.scores ?? null,
      opinion: opts.opinion ?? '',
      submittedAt: opts.status === 'submitted' ? new Date() : null,
    })
    .returning({ id: reviewAssignment.id });
  return row.id;
}

export async function setReviewConfig(database: Database, conferenceId: number, values: Partial<typeof reviewConfig.$inferInsert>) {
  await database.db
    .insert(reviewConfig)
    .values({ conferenceId, ...values })
    .onConflictDoUpdate({ target: reviewConfig.conferenceId, set: values });
}

/** The live (not cancelled) assignments of a submission. */
export async function liveAssignments(database: Database, submissionId: number) {
  const rows = await database.db
    .select()
    .from(reviewAssignment)
    .where(and(eq(reviewAssignment.submissionId, submissionId)));
  return rows.filter((r) => r.status !== 'cancelled');
}

/** Calls a handler as the server would, on the fixture's host, and reads the envelope (or the raw text). */
export async function callHandler(
  handler: RouteHandler,
  fx: ReviewFixture,
  opts: { path?: string; method?: string; token?: string; body?: string },
) {
  const res = await handler(
    apiRequest(opts.path ?? '/api/x', { method: opts.method ?? 'POST', host: fx.host, token: opts.token, body: opts.body }),
    {
      params: Promise.resolve({}),
    },
  );
  const text = await res.text();
  let json: { code?: number; error?: string; message?: string; data?: unknown } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}
