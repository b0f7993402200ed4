import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';

/**
 * Every change of a conference's review assignments takes this lock first (assigning, taking back,
 * declaring a conflict, withdrawing a submission, removing a reviewer), before any row lock, so no
 * two of them wait on each other's rows in opposite order and no run decides on a stale load.
 */
export async function lockReviewAssignments(tx: Executor, conferenceId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review-assign:${conferenceId}`}))`);
}
