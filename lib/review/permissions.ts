import type { Executor } from '@/db/client';
import { reviewer } from '@/db/schema';
import type { Roles } from '@/lib/auth/roles';
import { AppError } from '@/lib/http/app-error';
import { activeReviewerFor } from '@/lib/reviewers/queries';

export type ReviewerRow = typeof reviewer.$inferSelect;

/**
 * Who is calling the review area: a manager (or platform administrator) of the conference, its
 * review chair, or one of its reviewers. `reviewer` is the caller's own active reviewer row, if any.
 */
export type ReviewActor = { kind: 'manager' | 'chair' | 'reviewer'; userId: string; reviewer: ReviewerRow | null };

/** The caller's active reviewer row in this conference (the tenant is in the WHERE), or null. */
export async function activeReviewerOf(db: Executor, conferenceId: number, userId: string): Promise<ReviewerRow | null> {
  return activeReviewerFor(db, conferenceId, userId);
}

/** The actor, or FORBIDDEN for a participant or a reviewer of another conference. */
export async function reviewActor(db: Executor, conferenceId: number, userId: string, roles: Roles): Promise<ReviewActor> {
  const own = await activeReviewerOf(db, conferenceId, userId);
  if (roles.manager || roles.platformAdmin) return { kind: 'manager', userId, reviewer: own };
  if (!own) throw new AppError('FORBIDDEN');
  return { kind: own.role === 'chair' ? 'chair' : 'reviewer', userId, reviewer: own };
}

/** Chair and managers see every submission and every review. */
export function canSeeAllReviews(actor: ReviewActor): boolean {
  return actor.kind === 'manager' || actor.kind === 'chair';
}

/** The final decision and its release are the chair's (managers may act for the chair). */
export function canDecide(actor: ReviewActor): boolean {
  return actor.kind === 'manager' || actor.kind === 'chair';
}

/** Assigning reviewers is a manager's task. */
export function canAssign(actor: ReviewActor): boolean {
  return actor.kind === 'manager';
}

export function requireSeeAll(actor: ReviewActor): void {
  if (!canSeeAllReviews(actor)) throw new AppError('FORBIDDEN');
}

export function requireDecide(actor: ReviewActor): void {
  if (!canDecide(actor)) throw new AppError('FORBIDDEN');
}

/** The caller as a reviewer with an active row (assignments are theirs only), else FORBIDDEN. */
export function requireOwnReviewer(actor: ReviewActor): ReviewerRow {
  if (!actor.reviewer) throw new AppError('FORBIDDEN');
  return actor.reviewer;
}
