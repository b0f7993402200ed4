import { z } from 'zod';
import { hasHiddenCharacters } from '@/lib/accounts/lookalike';
import { ZEmail } from '@/lib/accounts/schemas';
import { MAX_ID, ZId } from '@/lib/validation/primitives';
import { MAX_ABSTRACT, MAX_AUTHORS, MAX_KEYWORDS, SUBMISSION_FIELDS, TITLE_MAX, type SubmissionFileField } from './limits';

/**
 * A participant's submission (spec §3 Submission, §5): one schema for the form (zodResolver) and
 * the handler. Messages are keys of `validation` (ours start with `submission`). The rules
 * that depend on the call (its choices, keyword counts, abstract length, required files, sessions)
 * are added by `submissionSchemaFor`.
 */
const m = (key: string) => `submission${key[0].toUpperCase()}${key.slice(1)}`;

export { MAX_ABSTRACT, MAX_AUTHORS, MAX_KEYWORDS, SUBMISSION_FIELDS, TITLE_MAX, type SubmissionFileField };

const visible = (multiline: boolean) => (value: string) => !hasHiddenCharacters(multiline ? value.replace(/[\r\n\t]/g, '') : value);

const required = (max: number, key: string) =>
  z
    .string({ error: m(key) })
    .trim()
    .min(1, m(key))
    .max(max, 'tooLong')
    .refine(visible(false), 'hiddenCharacters');
const optional = (max: number) => z.string().trim().max(max, 'tooLong').refine(visible(false), 'hiddenCharacters').default('');

const ZPhone = z
  .string()
  .trim()
  .max(30, 'phoneInvalid')
  .refine((v) => v === '' || (/^\+?[\d\s()-]+$/.test(v) && v.replace(/\D/g, '').length >= 5), 'phoneInvalid')
  .default('');

/** One author: given name, surname and email required; phone, country and company optional. */
export const ZSubmissionAuthor = z.object({
  name: required(100, 'authorNameRequired'),
  surname: required(100, 'authorSurnameRequired'),
  email: ZEmail,
  phone: ZPhone,
  country: optional(100),
  company: optional(200),
  corresponding: z.boolean().default(false),
});
export type SubmissionAuthorValues = z.output<typeof ZSubmissionAuthor>;

/** A chosen id (session, uploaded file): a form sends null or '' for none. */
const ZOptionalId = z.union([z.literal('').transform(() => null), z.null(), ZId]).default(null);

export const ZSubmissionInput = z.object({
  title: required(TITLE_MAX, 'titleRequired'),
  sessionId: z.coerce
    .number({ error: m('sessionRequired') })
    .int(m('sessionRequired'))
    .min(1, m('sessionRequired'))
    .max(MAX_ID, m('sessionRequired')),
  reportType: z.string().trim().max(40, 'invalidChoice').default(''),
  category: z.string().trim().max(40, 'invalidChoice').default(''),
  keywords: z
    .array(z.string().trim().min(1, m('keywordEmpty')).max(60, m('keywordTooLong')).refine(visible(false), 'hiddenCharacters'))
    .max(MAX_KEYWORDS, m('keywordsTooMany'))
    .default([])
    // The same keyword twice (in any case) counts once.
    .transform((list) => list.filter((k, i) => list.findIndex((o) => o.toLowerCase() === k.toLowerCase()) === i)),
  abstract: z
    .string({ error: m('abstractRequired') })
    .trim()
    .min(1, m('abstractRequired'))
    .max(MAX_ABSTRACT, m('abstractTooLong'))
    .refine(visible(true), 'hiddenCharacters'),
  abstractFileId: ZOptionalId,
  fullTextFileId: ZOptionalId,
  authors: z
    .array(ZSubmissionAuthor)
    .min(1, m('authorsRequired'))
    .max(MAX_AUTHORS, m('authorsTooMany'))
    .refine((list) => list.some((a) => a.corresponding), m('correspondingRequired')),
});
export type SubmissionInput = z.input<typeof ZSubmissionInput>;
export type SubmissionValues = z.output<typeof ZSubmissionInput>;

/** What the form and the service need to know of the call to check a submission against it. */
export type CallRules = {
  /** Sessions one may choose (the leaves of the tree). */
  sessionIds: number[];
  reportTypes: string[];
  categories: string[];
  keywordsMin: number;
  keywordsMax: number;
  abstractMaxChars: number;
  abstractFileRequired: boolean;
  fullTextRequired: boolean;
};

/**
 * The submission schema for one call: session among the call's sessions, report type and category
 * required and among the call's choices when the call offers any (spec §5: each required), the
 * keyword count within the call's range, the abstract within its length, the files the call asks for.
 */
export function submissionSchemaFor(rules: CallRules) {
  return ZSubmissionInput.superRefine((v, ctx) => {
    const issue = (path: string, key: string, values?: Record<string, number>) =>
      ctx.addIssue({ code: 'custom', path: [path], message: m(key), params: values });
    if (!rules.sessionIds.includes(v.sessionId)) issue('sessionId', 'sessionRequired');
    if (rules.reportTypes.length > 0 && !rules.reportTypes.includes(v.reportType)) issue('reportType', 'reportTypeRequired');
    if (rules.reportTypes.length === 0 && v.reportType) issue('reportType', 'reportTypeRequired');
    if (rules.categories.length > 0 && !rules.categories.includes(v.category)) issue('category', 'categoryRequired');
    if (rules.categories.length === 0 && v.category) issue('category', 'categoryRequired');
    if (v.keywords.length < Math.max(1, rules.keywordsMin)) issue('keywords', 'keywordsRequired');
    if (v.keywords.length > rules.keywordsMax) issue('keywords', 'keywordsTooMany');
    if (v.abstract.length > rules.abstractMaxChars) issue('abstract', 'abstractTooLong');
    if (rules.abstractFileRequired && !v.abstractFileId) issue('abstractFileId', 'abstractFileRequired');
    if (rules.fullTextRequired && !v.fullTextFileId) issue('fullTextFileId', 'fullTextRequired');
  });
}

/** A submission named in an address or a body. */
export const ZSubmissionId = z.object({ id: ZId });

/** Which file of a submission to download: an uploaded file's id. */
export const ZSubmissionFileQuery = z.object({ id: ZId });
