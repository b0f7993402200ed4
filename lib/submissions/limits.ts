// The submission form's limits and file fields, without zod: the form uses them before its schema (schemas.ts) is loaded.

export const MAX_AUTHORS = 20;
export const MAX_KEYWORDS = 20;
export const MAX_ABSTRACT = 20000;
export const TITLE_MAX = 300;
export const SUBMISSION_FIELDS = { abstract: 'submissionAbstract', fullText: 'submissionFullText' } as const;
export type SubmissionFileField = (typeof SUBMISSION_FIELDS)[keyof typeof SUBMISSION_FIELDS];
