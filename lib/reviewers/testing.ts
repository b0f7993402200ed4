/**
 * Test support for reviewer invitations: the invitation key and the sign-up code as the invitee
 * reads them (from the queued mail), and a session for an account that already exists.
 */
import { and, desc, eq } from 'drizzle-orm';
import { POST as sendCodePost } from '@/app/api/conference/conferenceRegUserConfig/sendEmailCode/route';
import type { Database } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { insertSessionFor } from '@/lib/http/testing';
import { callHandler, type PayFixture } from '@/lib/payments/testing/fixtures';

/** The newest mail of `template` queued to `email`. */
export async function newestMail(database: Database, email: string, template: string) {
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail ?? null;
}

/** The invitation key from the newest invitation mail to `email`. */
export async function invitationKeyFromMail(database: Database, email: string): Promise<string> {
  const mail = await newestMail(database, email, 'reviewerInvitation');
  const match = /\/review\/active\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation mail to ${email}`);
  return match[1];
}

/** Has the sign-up code mailed to `email` (the public code call on the fixture's host) and reads it from the mail. */
export async function signUpCodeFor(database: Database, fx: PayFixture, email: string): Promise<string> {
  const sent = await callHandler(sendCodePost, fx, { body: JSON.stringify({ data: { email, type: 'registerCode' } }) });
  if (sent.status !== 200) throw new Error(`code not sent to ${email}: ${sent.text}`);
  const match = /\b(\d{6})\b/.exec((await newestMail(database, email, 'registerCode'))?.text ?? '');
  if (!match) throw new Error(`no code mail to ${email}`);
  return match[1];
}

/** A live session for an account that exists already; returns its bearer token. */
export async function sessionFor(database: Database, userId: string): Promise<string> {
  return insertSessionFor(database.db, userId);
}
