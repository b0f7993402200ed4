import { z } from 'zod';
import { ZEmail } from '@/lib/accounts/schemas';
import { hasHiddenCharacters } from '@/lib/accounts/lookalike';

/**
 * A conference's mail account form (/platform/config/email, spec §3 and §5): the browser and the
 * handler share it. Messages are keys of the `validation` namespace.
 */
export const MAIL_PASSWORD_MIN = 10;
export const MAIL_PASSWORD_MAX = 128;

/** A host name or IPv4 address: labels of letters, digits and inner hyphens. */
const HOST = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** The password (or authorization code) rule: at least 10 characters, with letters and digits. */
export function mailPasswordOk(value: string): boolean {
  return value.length >= MAIL_PASSWORD_MIN && value.length <= MAIL_PASSWORD_MAX && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** An SMTP port: digits only (no decimals, signs or exponents), 1 to 65535. */
export const ZSmtpPort = z
  .union([z.number('mailPortInvalid'), z.string('mailPortInvalid')], { error: 'mailPortInvalid' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, 'mailPortInvalid')
  .transform(Number);

export const ZMailConfigInput = z
  .object({
    fromAddress: ZEmail,
    fromName: z
      .string('fieldRequired')
      .trim()
      .max(100, 'tooLong')
      .refine((v) => !hasHiddenCharacters(v), 'hiddenCharacters')
      .default(''),
    smtpHost: z.string('fieldRequired').trim().min(1, 'fieldRequired').regex(HOST, 'mailHostInvalid'),
    smtpPort: ZSmtpPort,
    ssl: z.boolean('invalidChoice'),
    /** The SMTP login; empty: the sender address. */
    username: z
      .string('fieldRequired')
      .trim()
      .max(254, 'tooLong')
      .refine((v) => !hasHiddenCharacters(v), 'hiddenCharacters')
      .default(''),
    /** Empty keeps the stored one (the form shows it is set, never its value). */
    password: z.string('fieldRequired').max(MAIL_PASSWORD_MAX, 'mailPasswordRule').default(''),
    confirmPassword: z.string('fieldRequired').max(MAIL_PASSWORD_MAX, 'passwordMismatch').default(''),
    active: z.boolean('invalidChoice'),
  })
  .superRefine((value, ctx) => {
    if (value.password && !mailPasswordOk(value.password)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'mailPasswordRule' });
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordMismatch' });
    }
  });
export type MailConfigInput = z.input<typeof ZMailConfigInput>;
export type MailConfigValues = z.output<typeof ZMailConfigInput>;

/** The address a test mail goes to, as the organiser types it. */
export const ZMailTestInput = z.object({ to: ZEmail });

/** The conference's mail account as managers see it: the password only as "set". */
export type ManagedMailConfig = {
  fromAddress: string;
  fromName: string;
  smtpHost: string;
  smtpPort: number;
  ssl: boolean;
  username: string;
  active: boolean;
  passwordSet: boolean;
  updatedAt: string;
};
