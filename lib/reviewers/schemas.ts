import { z } from 'zod';
import { ZEmail, ZPassword } from '@/lib/accounts/schemas';
import { hasHiddenCharacters } from '@/lib/accounts/lookalike';
import { COUNTRY_CODES } from '@/lib/registration/countries';
import { ZId } from '@/lib/validation/primitives';

/**
 * One schema for each reviewer form and its handler. Messages are keys of the `validation`
 * namespace in messages/*.json.
 */
export const REVIEWER_ROLES = ['reviewer', 'chair'] as const;
export type ReviewerRole = (typeof REVIEWER_ROLES)[number];

const visible = (value: string) => !hasHiddenCharacters(value);
const optionalText = (max: number) => z.string().trim().max(max, 'tooLong').refine(visible, 'hiddenCharacters').default('');
const requiredText = (max: number) =>
  z.string('fieldRequired').trim().min(1, 'fieldRequired').max(max, 'tooLong').refine(visible, 'hiddenCharacters');

/** The names and organisation a manager may give when inviting (all optional: the invitee completes them). */
export const ZReviewerNames = z.object({
  lastName: optionalText(50),
  middleName: optionalText(50),
  firstName: optionalText(50),
  fullName: optionalText(100),
  organization: optionalText(200),
  phone: z
    .string()
    .trim()
    .max(30, 'tooLong')
    .regex(/^[+\d\s()-]*$/, 'phoneInvalid')
    .default(''),
});

/** POST review: invite one reviewer by email. */
export const ZAddReviewer = ZReviewerNames.extend({ email: ZEmail });
export type AddReviewerInput = z.infer<typeof ZAddReviewer>;

export const ZReviewerIdBody = z.object({ id: ZId });
export const ZSetRole = z.object({ id: ZId, role: z.enum(REVIEWER_ROLES, 'invalidChoice') });

/** GET review: the paged list with its filters. */
export const ZReviewerQuery = z.object({
  q: z.string().trim().max(100).default(''),
  role: z.enum(['', ...REVIEWER_ROLES]).default(''),
  active: z.enum(['', 'yes', 'no']).default(''),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type ReviewerQuery = z.output<typeof ZReviewerQuery>;

/** An invitation key as it appears in the link: 43 base64url characters (32 random bytes). */
export const ZInvitationKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invalidInput');

/**
 * The activation form (spec §2 /review/active/:key, §5): every field but middleName is required.
 * Password and confirmation are only asked of people without an account; when given they must match.
 */
export const ZActivationFields = z.object({
  password: z.union([z.literal(''), ZPassword]).default(''),
  confirmPassword: z.string().max(64, 'passwordTooLong').default(''),
  lastName: requiredText(50),
  middleName: optionalText(50),
  firstName: requiredText(50),
  fullName: requiredText(100),
  organization: requiredText(200),
  phone: z
    .string('phoneRequired')
    .trim()
    .min(1, 'phoneRequired')
    .max(30, 'tooLong')
    .regex(/^[+\d\s()-]*$/, 'phoneInvalid'),
  countryArea: z.enum(COUNTRY_CODES as [string, ...string[]], 'invalidChoice'),
  direction: requiredText(200),
});

function confirmMatches(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordMismatch' });
  }
}

/** The form as the browser checks it (`needsPassword` makes the password required). */
export function activationFormSchema(needsPassword: boolean) {
  return ZActivationFields.superRefine((value, ctx) => {
    if (needsPassword && !value.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'passwordRequired' });
    if (needsPassword && !value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'confirmRequired' });
    confirmMatches(value, ctx);
  });
}

/** POST review/active: the key and the form; the server decides whether the password is needed. */
export const ZActivate = ZActivationFields.extend({ key: ZInvitationKey }).superRefine(confirmMatches);
export type ActivateInput = z.infer<typeof ZActivate>;
export type ActivationFormValues = z.input<typeof ZActivationFields>;
