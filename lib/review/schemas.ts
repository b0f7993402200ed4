import { z } from 'zod';
import { SCORE_KEYS, type ReviewScores, type ScoreScale } from './scores';
import { zLocalized } from '@/lib/validation/localized';
import { ZId } from '@/lib/validation/primitives';

export { SCORE_KEYS };
export type ScoreKey = (typeof SCORE_KEYS)[number];
export type Scales = Record<ScoreKey, ScoreScale>;
export type { ReviewScores };

/** Spec §5 and §9: a review rule text is at most 100 characters (in each language). */
export const RULE_MAX = 100;
export const RULES_MAX = 20;
export const OPINION_MAX = 5000;
/** The widest scale a manager may set; scores are whole numbers. */
export const SCALE_LIMIT = 100;

export const DEFAULT_SCALES: Scales = {
  overall: { min: 1, max: 10 },
  relevance: { min: 1, max: 5 },
  englishLevel: { min: 1, max: 5 },
  originality: { min: 1, max: 5 },
  recommend: { min: 1, max: 5 },
};

export const ZReviewRule = zLocalized({ max: RULE_MAX, messages: { tooLong: 'reviewRuleTooLong', notText: 'reviewRuleTooLong' } }).refine(
  (r) => r.zh !== '' || r.en !== '',
  { message: 'reviewRuleEmpty', path: ['zh'] },
);

const scaleBound = z
  .number('reviewScaleInvalid')
  .int('reviewScaleInvalid')
  .min(0, 'reviewScaleInvalid')
  .max(SCALE_LIMIT, 'reviewScaleInvalid');

export const ZScale = z
  .object({ min: scaleBound, max: scaleBound })
  .refine((s) => s.min < s.max, { message: 'reviewScaleOrder', path: ['max'] });

export const ZReviewConfigInput = z.object({
  rules: z.array(ZReviewRule).max(RULES_MAX, 'reviewTooManyRules'),
  blind: z.boolean('invalidChoice'),
  scales: z.object({
    overall: ZScale,
    relevance: ZScale,
    englishLevel: ZScale,
    originality: ZScale,
    recommend: ZScale,
  }),
  reviewersPerSubmission: z
    .number('reviewPerSubmissionInvalid')
    .int('reviewPerSubmissionInvalid')
    .min(1, 'reviewPerSubmissionInvalid')
    .max(10, 'reviewPerSubmissionInvalid'),
});
export type ReviewConfigInput = z.infer<typeof ZReviewConfigInput>;

/** A whole-number score; one not given yet (an empty field) says so. */
const score = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'reviewScoreRequired' : 'reviewScoreInvalid') })
  .int('reviewScoreInvalid')
  .min(0, 'reviewScoreInvalid')
  .max(SCALE_LIMIT, 'reviewScoreInvalid');

export const ZScores = z.object({
  overall: score,
  relevance: score,
  englishLevel: score,
  originality: score,
  recommend: score,
});

export const ZSubmitReview = z.object({
  assignmentId: ZId,
  scores: ZScores,
  opinion: z.string('reviewOpinionRequired').trim().min(1, 'reviewOpinionRequired').max(OPINION_MAX, 'reviewOpinionTooLong'),
});
export type SubmitReviewInput = z.infer<typeof ZSubmitReview>;

export const ZIdQuery = z.object({ id: ZId });

/** One of a submission's two files: `?id=` (an assignment's or a submission's) and `kind`. */
export const ZFileQuery = z.object({ id: ZId, kind: z.enum(['abstract', 'fullText'], 'invalidChoice') });

export const ZDeclareConflict = z.object({
  assignmentId: ZId,
  reason: z.string('tooLong').trim().max(500, 'tooLong').default(''),
});

export const ZManagerConflict = z.object({
  submissionId: ZId,
  reviewerId: ZId,
  reason: z.string('tooLong').trim().max(500, 'tooLong').default(''),
});

export const ZAssign = z.object({ submissionId: ZId, reviewerId: ZId });
export const ZUnassign = z.object({ assignmentId: ZId });
export const ZAutoAssign = z.object({}).strict();

export const DECISIONS = ['accepted', 'rejected', 'modify'] as const;
export type Decision = (typeof DECISIONS)[number];

export const ZDecide = z.object({
  submissionId: ZId,
  decision: z.enum(DECISIONS, 'invalidChoice'),
  chairOpinion: z.string('tooLong').trim().max(OPINION_MAX, 'reviewOpinionTooLong').default(''),
  finalOpinion: z.string('tooLong').trim().max(OPINION_MAX, 'reviewOpinionTooLong').default(''),
});
export type DecideInput = z.infer<typeof ZDecide>;

export const ZRelease = z.object({ submissionId: ZId });

/** The scores outside their scale, by key (empty when every score fits). */
export function scoresOutOfScale(scores: ReviewScores, scales: Scales): ScoreKey[] {
  return SCORE_KEYS.filter((key) => {
    const value = scores[key];
    const scale = scales[key];
    return !Number.isInteger(value) || value < scale.min || value > scale.max;
  });
}
