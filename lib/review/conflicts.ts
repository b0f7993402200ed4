import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { reviewConflict, reviewer, submission, submissionAuthor, user } from '@/db/schema';

export type ConflictReason = 'submitter' | 'organization' | 'coauthor' | 'declared';

/** An organisation name compared loosely: case, spaces and punctuation do not matter. */
export function normaliseOrganization(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

type ReviewerFacts = { id: number; userId: string | null; organization: string; emails: string[] };
type AuthorFacts = { submissionId: number; email: string; company: string };
/** The account that submitted: its id and its email. */
type SubmitterFacts = { userId: string; email: string };

/** Why `rev` must not review a submission with this submitter, these authors and declared conflicts, or null. */
export function conflictReason(
  rev: ReviewerFacts,
  submitter: SubmitterFacts | null,
  authors: AuthorFacts[],
  declared: boolean,
): ConflictReason | null {
  if (declared) return 'declared';
  const emails = new Set(rev.emails.map(normaliseEmail).filter(Boolean));
  if (submitter && ((rev.userId && rev.userId === submitter.userId) || emails.has(normaliseEmail(submitter.email)))) return 'submitter';
  if (authors.some((a) => emails.has(normaliseEmail(a.email)))) return 'coauthor';
  const org = normaliseOrganization(rev.organization);
  if (org && authors.some((a) => normaliseOrganization(a.company) === org)) return 'organization';
  return null;
}

/**
 * The conflicts of interest between the conference's reviewers and the given submissions: the
 * reviewer submitted it (same account, or the submitting account's email), a reviewer of the same
 * organisation as an author, a reviewer who is an author (same email, the invitation's or the
 * account's), or a conflict declared by the reviewer or a manager.
 * Returns submissionId → (reviewerId → reason).
 */
export async function conflictsFor(
  db: Executor,
  conferenceId: number,
  submissionIds: number[],
): Promise<Map<number, Map<number, ConflictReason>>> {
  const result = new Map<number, Map<number, ConflictReason>>();
  if (submissionIds.length === 0) return result;
  const [reviewers, submitters, authors, declared] = await Promise.all([
    db
      .select({
        id: reviewer.id,
        userId: reviewer.userId,
        organization: reviewer.organization,
        email: reviewer.email,
        accountEmail: user.email,
      })
      .from(reviewer)
      .leftJoin(user, eq(user.id, reviewer.userId))
      .where(eq(reviewer.conferenceId, conferenceId)),
    db
      .select({ id: submission.id, userId: submission.userId, email: user.email })
      .from(submission)
      .innerJoin(user, eq(user.id, submission.userId))
      .where(and(eq(submission.conferenceId, conferenceId), inArray(submission.id, submissionIds))),
    db
      .select({ submissionId: submissionAuthor.submissionId, email: submissionAuthor.email, company: submissionAuthor.company })
      .from(submissionAuthor)
      .where(and(eq(submissionAuthor.conferenceId, conferenceId), inArray(submissionAuthor.submissionId, submissionIds))),
    db
      .select({ submissionId: reviewConflict.submissionId, reviewerId: reviewConflict.reviewerId })
      .from(reviewConflict)
      .where(and(eq(reviewConflict.conferenceId, conferenceId), inArray(reviewConflict.submissionId, submissionIds))),
  ]);
  const declaredSet = new Set(declared.map((d) => `${d.submissionId}:${d.reviewerId}`));
  for (const submissionId of submissionIds) {
    const own = authors.filter((a) => a.submissionId === submissionId);
    const submitter = submitters.find((s) => s.id === submissionId) ?? null;
    const map = new Map<number, ConflictReason>();
    for (const r of reviewers) {
      const facts = { id: r.id, userId: r.userId, organization: r.organization, emails: [r.email, r.accountEmail ?? ''] };
      const reason = conflictReason(facts, submitter, own, declaredSet.has(`${submissionId}:${r.id}`));
      if (reason) map.set(r.id, reason);
    }
    result.set(submissionId, map);
  }
  return result;
}

/** Records a declared conflict (once; a repeat keeps the first). */
export async function recordConflict(
  db: Executor,
  input: { conferenceId: number; reviewerId: number; submissionId: number; reason: string; declaredBy: string },
): Promise<void> {
  await db
    .insert(reviewConflict)
    .values(input)
    .onConflictDoNothing({ target: [reviewConflict.reviewerId, reviewConflict.submissionId] });
}
