/**
 * The five review scores (spec §3) and their scales: plain values shared by the database schema
 * (db/schema/submissions.ts), the zod schemas and the client forms, so a form needs no db import.
 */
export type ReviewScores = { overall: number; relevance: number; englishLevel: number; originality: number; recommend: number };
export type ScoreScale = { min: number; max: number };
export const SCORE_KEYS = ['overall', 'relevance', 'englishLevel', 'originality', 'recommend'] as const;
