import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { reviewConfig } from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';
import { DEFAULT_SCALES, type ReviewConfigInput, type Scales } from './schemas';

export type ReviewSettings = { rules: LocalizedText[]; blind: boolean; scales: Scales; reviewersPerSubmission: number };

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { rules: [], blind: true, scales: DEFAULT_SCALES, reviewersPerSubmission: 2 };

/** The review rules of a conference (spec §2 /platform/config/review), defaults until a manager saved them. */
export async function getReviewConfig(db: Executor, conferenceId: number): Promise<ReviewSettings> {
  const [row] = await db.select().from(reviewConfig).where(eq(reviewConfig.conferenceId, conferenceId));
  if (!row) return DEFAULT_REVIEW_SETTINGS;
  return {
    rules: row.rules,
    blind: row.blind,
    scales: { ...DEFAULT_SCALES, ...row.scales },
    reviewersPerSubmission: row.reviewersPerSubmission,
  };
}

/** Saves the review rules (one row per conference). Reviews already written keep their scores. */
export async function saveReviewConfig(db: Executor, conferenceId: number, input: ReviewConfigInput): Promise<ReviewSettings> {
  const values = {
    rules: input.rules,
    blind: input.blind,
    scales: input.scales,
    reviewersPerSubmission: input.reviewersPerSubmission,
    updatedAt: new Date(),
  };
  await db
    .insert(reviewConfig)
    .values({ conferenceId, ...values })
    .onConflictDoUpdate({ target: reviewConfig.conferenceId, set: values });
  return { rules: input.rules, blind: input.blind, scales: input.scales, reviewersPerSubmission: input.reviewersPerSubmission };
}
