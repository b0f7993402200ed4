import { and, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { DB } from '@/db/client';
import { account, session } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { Locale } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import { checkEmailCode, consumeEmailCode } from './email-codes';
import { passwordWeakness } from './password-strength';
import { findUserByEmail } from './queries';
import type { ResetPasswordInput } from './schemas';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Sets a new password after the emailed code and the account's name check out; signs the account
 * out everywhere and queues a notice (naming the platform, not the conference), all in one transaction.
 */
export async function resetPassword(
  db: DB,
  input: ResetPasswordInput,
  mail: { locale: Locale; conferenceId: number },
  ip: string | null = null,
): Promise<void> {
  const existing = await findUserByEmail(db, input.email);
  if (!existing) throw new AppError('USER_NOT_EXIST');
  const weakness = passwordWeakness(input.password, { email: input.email, name: input.name });
  if (weakness) throw new AppError('PASSWORD_WEAK', undefined, `validation.${weakness}`);
  const codeId = await checkEmailCode(db, { email: input.email, purpose: 'resetPassCode', code: input.code, ip });
  if (!sameName(existing.name, input.name)) throw new AppError('NAME_MISMATCH');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await consumeEmailCode(tx, codeId);
    const now = new Date();
    const updated = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(account.userId, existing.id), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx.insert(account).values({
        id: crypto.randomUUID(),
        accountId: existing.id,
        providerId: 'credential',
        userId: existing.id,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
    }
    await tx.delete(session).where(eq(session.userId, existing.id));
    await enqueueMail(tx, {
      conferenceId: mail.conferenceId,
      to: existing.email,
      template: 'passwordChanged',
      locale: mail.locale,
      vars: { name: existing.name },
    });
  });
}
