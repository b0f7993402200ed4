import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { emailCode } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { Locale } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import { findUserByEmail } from './queries';
import { hitClientLimit, hitRateLimit, LIMITS, takeDistinct } from './rate-limit';
import type { CodePurpose } from './schemas';

export const CODE_TTL_SECONDS = Number(process.env.CODE_TTL_SECONDS ?? 600);
export const RESEND_WAIT_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;

function hashCode(email: string, code: string): string {
  return createHash('sha256').update(`${email}\n${code}`).digest('hex');
}

/** Sign-up codes need a new address; reset and sign-in codes need an existing account. */
async function checkAccountPrecondition(db: Executor, email: string, purpose: CodePurpose) {
  const existing = await findUserByEmail(db, email);
  if (purpose === 'registerCode' && existing) throw new AppError('USER_EXISTS');
  if ((purpose === 'resetPassCode' || purpose === 'loginCode') && !existing) throw new AppError('USER_NOT_EXIST');
}

export type SendCodeInput = {
  email: string;
  purpose: CodePurpose;
  locale: Locale;
  /** The conference whose site asked (the outbox row's); its texts never reach the mail. */
  conferenceId: number;
  ip: string | null;
};

/**
 * Issues a 6-digit code and queues its mail in one transaction. The mail names the platform, not
 * the conference, and goes through the platform's SMTP (a credential: MAIL_KINDS). At most one code per address and
 * purpose every 60 s, and rate limits per address, per client, and on the distinct addresses one
 * client has codes sent to (LIMITS.codeEmailsPerIp).
 */
export async function sendEmailCode(
  db: DB,
  input: SendCodeInput,
  now = new Date(),
): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
  // Per client first, so asking about many addresses (which also tells which have accounts) is limited too.
  await hitClientLimit(db, 'code', input.ip, LIMITS.codePerIp, now);
  if (input.ip) await takeDistinct(db, 'code-emails', input.ip, input.email, LIMITS.codeEmailsPerIp, now);
  await checkAccountPrecondition(db, input.email, input.purpose);
  await hitRateLimit(db, `code:email:${input.email}`, LIMITS.codePerEmail, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // Serialise senders for one address so two quick clicks cannot both pass the 60 s rule.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${input.purpose}:${input.email}`}))`);
    const [last] = await tx
      .select({ createdAt: emailCode.createdAt })
      .from(emailCode)
      .where(and(eq(emailCode.email, input.email), eq(emailCode.purpose, input.purpose)))
      .orderBy(desc(emailCode.createdAt))
      .limit(1);
    if (last && now.getTime() - last.createdAt.getTime() < RESEND_WAIT_SECONDS * 1000) {
      throw new AppError('RESEND_TOO_SOON');
    }
    // Older codes for this address stop working: only the newest mail counts.
    await tx
      .update(emailCode)
      .set({ consumedAt: now })
      .where(and(eq(emailCode.email, input.email), eq(emailCode.purpose, input.purpose), isNull(emailCode.consumedAt)));
    await tx.insert(emailCode).values({
      email: input.email,
      purpose: input.purpose,
      codeHash: hashCode(input.email, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
    await enqueueMail(tx, {
      conferenceId: input.conferenceId,
      to: input.email,
      template: input.purpose,
      locale: input.locale,
      vars: { code, minutes: Math.round(CODE_TTL_SECONDS / 60) },
    });
  });
  return { resendAfterSeconds: RESEND_WAIT_SECONDS, expiresInSeconds: CODE_TTL_SECONDS };
}

/**
 * Checks a code without using it up: the newest unused code for the address must match and be
 * unexpired. A wrong guess counts; after MAX_CODE_ATTEMPTS the code is dead and a new one is needed.
 * Returns the code's id, for consumeEmailCode() in the transaction that acts on it.
 */
export async function checkEmailCode(
  db: Executor,
  input: { email: string; purpose: CodePurpose; code: string; ip?: string | null },
  now = new Date(),
): Promise<number> {
  await hitClientLimit(db, 'code-check', input.ip ?? null, LIMITS.codeChecksPerIp, now);
  const [row] = await db
    .select()
    .from(emailCode)
    .where(and(eq(emailCode.email, input.email), eq(emailCode.purpose, input.purpose), isNull(emailCode.consumedAt)))
    .orderBy(desc(emailCode.createdAt))
    .limit(1);
  if (!row) {
    // A code was sent but is used up or replaced: ask for a new one rather than calling it wrong.
    const [any] = await db
      .select({ id: emailCode.id })
      .from(emailCode)
      .where(and(eq(emailCode.email, input.email), eq(emailCode.purpose, input.purpose)))
      .limit(1);
    throw any ? new AppError('CODE_EXPIRED') : new AppError('CODE_WRONG');
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('CODE_EXPIRED');
  // Every check spends one attempt before the comparison, atomically, so concurrent guesses
  // cannot get past MAX_CODE_ATTEMPTS; a correct code gets its attempt back.
  const [spent] = await db
    .update(emailCode)
    .set({ attempts: sql`${emailCode.attempts} + 1` })
    .where(and(eq(emailCode.id, row.id), lt(emailCode.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ attempts: emailCode.attempts });
  if (!spent) throw new AppError('CODE_EXPIRED');
  if (row.codeHash !== hashCode(input.email, input.code)) throw new AppError('CODE_WRONG');
  await db
    .update(emailCode)
    .set({ attempts: sql`${emailCode.attempts} - 1` })
    .where(eq(emailCode.id, row.id));
  return row.id;
}

/** Uses a checked code up; only one transaction can win it. */
export async function consumeEmailCode(tx: Executor, codeId: number, now = new Date()): Promise<void> {
  const used = await tx
    .update(emailCode)
    .set({ consumedAt: now })
    .where(and(eq(emailCode.id, codeId), isNull(emailCode.consumedAt)))
    .returning({ id: emailCode.id });
  if (used.length === 0) throw new AppError('CODE_EXPIRED');
}
