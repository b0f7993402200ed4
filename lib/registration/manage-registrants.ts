import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conferenceRegistration } from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import { findUserByEmail } from '@/lib/accounts/queries';
import { AppError } from '@/lib/http/app-error';
import type { Locale } from '@/lib/i18n/localized';
import { insertRegistration, withRegistrationConflicts } from './register-participant';
import { attachUploads } from './uploads';
import { issueTicket } from '@/lib/tickets/issue-ticket';

type Answers = Record<string, string | string[]>;

/**
 * An organiser registers someone (addUser): the account with that email is used, or created without
 * a password. The registration window and module do not apply to organisers, the cap does; the
 * account and the registration are written in one transaction, so a full conference leaves nothing.
 * The registrant's language is the conference's when it has only one, else Chinese.
 */
export async function addRegistrant(
  db: DB,
  input: { conferenceId: number; answers: Answers & { email: string }; locale?: Locale },
): Promise<{ id: number; code: string }> {
  const email = input.answers.email.toLowerCase();
  const name = typeof input.answers.name === 'string' && input.answers.name ? input.answers.name : email;
  return withRegistrationConflicts(() =>
    db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      const userId = existing?.id ?? (await insertAccount(tx, { email, name, passwordHash: null }));
      const registration = await insertRegistration(tx, input.conferenceId, userId, { ...input.answers, email }, input.locale ?? 'zh');
      // On a free conference the registration is complete at once: its ticket is issued and mailed (issue 24).
      await issueTicket(tx, { conferenceId: input.conferenceId, registrationId: registration.id });
      return registration;
    }),
  );
}

/** An organiser corrects a registration's answers; the email stays the account's. */
export async function updateRegistrant(
  db: DB,
  input: { conferenceId: number; id: number; answers: Answers; files?: { field: string; name: string }[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ answers: conferenceRegistration.answers, userId: conferenceRegistration.userId })
      .from(conferenceRegistration)
      .where(and(eq(conferenceRegistration.conferenceId, input.conferenceId), eq(conferenceRegistration.id, input.id)))
      .for('update');
    if (!current) throw new AppError('REGISTRANT_NOT_FOUND');
    const email = current.answers.email;
    if (typeof email === 'string' && typeof input.answers.email === 'string' && input.answers.email.toLowerCase() !== email.toLowerCase()) {
      throw new AppError('EMAIL_MISMATCH');
    }
    // The files must be the registrant's own (already attached ones stay as they are).
    await attachUploads(tx, {
      conferenceId: input.conferenceId,
      userId: current.userId,
      registrationId: input.id,
      files: input.files ?? [],
    });
    await tx
      .update(conferenceRegistration)
      .set({ answers: { ...input.answers, ...(email === undefined ? {} : { email }) } })
      .where(and(eq(conferenceRegistration.conferenceId, input.conferenceId), eq(conferenceRegistration.id, input.id)));
  });
}
