import { z } from 'zod';
import { ZCode, ZEmail, ZPassword } from '@/lib/accounts/schemas';
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
 * How an invitee activates, decided by the server (a key alone proves nothing about an address):
 * - `newAccount`: no account has the invitation's email yet; the form asks a password and the
 *   sign-up code emailed to that address (the same proof as sign-up).
 * - `signInFirst`: an account has that email and the visitor is not signed in as it; they sign in
 *   as that account first (its password is never set or changed here).
 * - `activate`: signed in as that account; the form asks only the profile.
 */
export const ACTIVATION_STEPS = ['newAccount', 'signInFirst', 'activate'] as const;
export type ActivationStep = (typeof ACTIVATION_STEPS)[number];

/**
 * The activation form (spec §2 /review/active/:key, §5): every field but middleName is required.
 * Password, confirmation and the emailed code are only asked of people without an account.
 */
export const ZActivationFields = z.object({
  password: z.union([z.literal(''), ZPassword]).default(''),
  confirmPassword: z.string().max(64, 'passwordTooLong').default(''),
  code: z.union([z.literal(''), ZCode]).default(''),
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

/** The form as the browser checks it: a new account needs the password twice and the emailed code. */
export function activationFormSchema(step: ActivationStep) {
  return ZActivationFields.superRefine((value, ctx) => {
    if (step === 'newAccount') {
      if (!value.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'passwordRequired' });
      if (!value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'confirmRequired' });
      if (!value.code) ctx.addIssue({ code: 'custom', path: ['code'], message: 'codeRequired' });
    }
    confirmMatches(value, ctx);
  });
}

/** POST review/active: the key and the form; the server decides what the invitation needs. */
export const ZActivate = ZActivationFields.extend({ key: ZInvitationKey }).superRefine(confirmMatches);
export type ActivateInput = z.infer<typeof ZActivate>;
export type ActivationFormValues = z.input<typeof ZActivationFields>;
