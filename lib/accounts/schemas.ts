import { z } from 'zod';
import { hasHiddenCharacters, isLookalikeEmail } from './lookalike';

/**
 * One schema for the form (zodResolver) and the handler. Messages are keys of the `validation`
 * namespace in messages/*.json, translated where they are shown.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const ZEmail = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, 'emailRequired')
  .max(254, 'emailInvalid')
  // Invisible characters, compatibility forms and mixed scripts make one address pass for another.
  .refine((v) => !isLookalikeEmail(v), 'emailLookalike')
  .regex(EMAIL_PATTERN, 'emailInvalid')
  .transform((v) => v.toLowerCase());

/**
 * What an emailed code proves: a new account's address, a password reset, a feedback's contact
 * email, the owner's mailbox for signing in to an account locked by wrong passwords (loginCode).
 */
export type CodePurpose = 'registerCode' | 'resetPassCode' | 'loginCode' | 'feedback';
/** The purposes the public sendEmailCode call takes (feedback codes go through /conference/feedback/sendCode, signed in). */
export const ZCodePurpose = z.enum(['registerCode', 'resetPassCode', 'loginCode']);

export const ZCode = z
  .string({ error: 'codeRequired' })
  .trim()
  .min(1, 'codeRequired')
  .regex(/^\d{6}$/, 'codeFormat');
/** Names never hold text-direction controls or invisible characters (they make a name read as another). */
const visibleName = (value: string) => !hasHiddenCharacters(value);

export const ZName = z
  .string({ error: 'nameRequired' })
  .trim()
  .min(1, 'nameRequired')
  .max(100, 'nameTooLong')
  .refine(visibleName, 'nameHiddenCharacters');
export const ZPassword = z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(64, 'passwordTooLong');

function confirmMatches(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordMismatch' });
  }
}

/**
 * Email and password; `code` is the emailed sign-in code (purpose loginCode), the second factor
 * that lets the owner in while wrong passwords keep the account locked. When sent it must be right.
 */
/** Where the visitor asked to go after signing in (a locale-free path of this site; anything else is ignored, see landingPathFor). */
export const ZRedirect = z.string().max(2000, 'tooLong').optional();

export const ZLogin = z.object({ email: ZEmail, password: ZPassword, code: ZCode.optional(), redirect: ZRedirect });

export const ZSendCode = z.object({ email: ZEmail, type: ZCodePurpose });
export const ZCheckCode = z.object({ email: ZEmail, code: ZCode, type: ZCodePurpose });

export const ZSignUp = z
  .object({
    email: ZEmail,
    code: ZCode,
    name: ZName,
    password: ZPassword,
    confirmPassword: z.string().min(1, 'confirmRequired'),
    redirect: ZRedirect,
  })
  .superRefine(confirmMatches);

export const ZResetPassword = z
  .object({
    email: ZEmail,
    code: ZCode,
    name: ZName,
    password: ZPassword,
    confirmPassword: z.string().min(1, 'confirmRequired'),
  })
  .superRefine(confirmMatches);

const optionalText = (max: number) => z.string().trim().max(max, 'tooLong').default('');
const optionalName = (max: number) => z.string().trim().max(max, 'tooLong').refine(visibleName, 'nameHiddenCharacters').default('');

export const ZProfile = z.object({
  name: ZName,
  firstName: optionalName(50),
  middleName: optionalName(50),
  lastName: optionalName(50),
  phone: z
    .string()
    .trim()
    .max(30, 'tooLong')
    .regex(/^[+\d\s()-]*$/, 'phoneInvalid')
    .default(''),
  unit: optionalText(200),
  countryArea: optionalText(100),
  post: optionalText(100),
  address: optionalText(300),
});

export type LoginInput = z.infer<typeof ZLogin>;
export type SignUpInput = z.infer<typeof ZSignUp>;
export type ResetPasswordInput = z.infer<typeof ZResetPassword>;
export type ProfileInput = z.infer<typeof ZProfile>;
