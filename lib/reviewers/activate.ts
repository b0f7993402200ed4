import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { DB, Executor } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { account, conferenceMember, reviewer, userProfile } from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import { passwordWeakness } from '@/lib/accounts/password-strength';
import { findCredentialAccount, findUserByEmail } from '@/lib/accounts/queries';
import type { Locale } from '@/lib/i18n/localized';
import { AppError } from '@/lib/http/app-error';
import { hashInvitationKey } from './keys';
import type { ActivateInput } from './schemas';

/** What the activation page shows for a key: the invitation to complete, or the already-activated message. */
export type Invitation =
  | {
      state: 'pending';
      email: string;
      /** No account (or no password) yet for this email: the form asks for a password. */
      needsPassword: boolean;
      lastName: string;
      middleName: string;
      firstName: string;
      fullName: string;
      organization: string;
      phone: string;
    }
  | { state: 'used' };

/** Whether the account of `email` can already sign in with a password. */
async function hasPasswordAccount(db: Executor, email: string): Promise<boolean> {
  const existing = await findUserByEmail(db, email);
  return existing !== null && (await findCredentialAccount(db, existing.id)) !== null;
}

async function rowByKey(db: Executor, conferenceId: number, key: string) {
  const [row] = await db
    .select()
    .from(reviewer)
    .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.keyHash, hashInvitationKey(key))))
    .limit(1);
  return row ?? null;
}

/**
 * GET review/key/{key} (public): the invitation behind a key. A key never issued, replaced by a
 * resend, or already used all answer `used` (spec §2: the already-activated message).
 */
export async function invitationByKey(db: Executor, conferenceId: number, key: string): Promise<Invitation> {
  const row = await rowByKey(db, conferenceId, key);
  if (!row) return { state: 'used' };
  return {
    state: 'pending',
    email: row.email,
    needsPassword: !(await hasPasswordAccount(db, row.email)),
    lastName: row.lastName,
    middleName: row.middleName,
    firstName: row.firstName,
    fullName: row.fullName,
    organization: row.organization,
    phone: row.phone,
  };
}

const fieldError = (path: string, message: string) => new ZodError([{ code: 'custom', path: [path], message, input: undefined }]);

/**
 * POST review/active (public): activates an invitation with the §5 form. The key is claimed by a
 * conditional update (`… WHERE key_hash = $hash RETURNING`), so of two concurrent activations exactly
 * one wins and the other gets INVITATION_USED; in the same transaction the account is created (when
 * the email has none: the password given here, hashed as Better Auth hashes it) or linked (the
 * invitation's email is the identity, whoever is signed in), and the conference_member 'reviewer'
 * role is granted. Any failure leaves the key usable.
 */
export async function activateReviewer(
  db: DB,
  conferenceId: number,
  input: ActivateInput,
  locale?: Locale,
): Promise<{ reviewerId: number; userId: string; newAccount: boolean }> {
  const keyHash = hashInvitationKey(input.key);
  const found = await rowByKey(db, conferenceId, input.key);
  if (!found) throw new AppError('INVITATION_USED');
  let passwordHash: string | null = null;
  if (!(await hasPasswordAccount(db, found.email))) {
    if (!input.password) throw fieldError('password', 'passwordRequired');
    const weakness = passwordWeakness(input.password, { email: found.email, name: input.fullName });
    if (weakness) throw new AppError('PASSWORD_WEAK', undefined, `validation.${weakness}`);
    passwordHash = await hashPassword(input.password);
  }
  const profile = {
    lastName: input.lastName,
    middleName: input.middleName,
    firstName: input.firstName,
    fullName: input.fullName,
    organization: input.organization,
    phone: input.phone,
    country: input.countryArea,
    direction: input.direction,
  };
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(reviewer)
        .set({ ...profile, keyHash: null, active: true, activatedAt: sql`now()`, ...(locale ? { locale } : {}) })
        .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.id, found.id), eq(reviewer.keyHash, keyHash)))
        .returning({ id: reviewer.id, email: reviewer.email });
      if (!claimed) throw new AppError('INVITATION_USED');

      const existing = await findUserByEmail(tx, claimed.email);
      let userId: string;
      let newAccount = false;
      if (!existing) {
        userId = await insertAccount(tx, { email: claimed.email, name: input.fullName, passwordHash });
        await tx
          .update(userProfile)
          .set({
            lastName: input.lastName,
            middleName: input.middleName,
            firstName: input.firstName,
            phone: input.phone,
            unit: input.organization,
            countryArea: input.countryArea,
          })
          .where(eq(userProfile.userId, userId));
        newAccount = true;
      } else {
        userId = existing.id;
        if (passwordHash && !(await findCredentialAccount(tx, userId))) {
          const now = new Date();
          await tx.insert(account).values({
            id: randomUUID(),
            accountId: userId,
            providerId: 'credential',
            userId,
            password: passwordHash,
            createdAt: now,
            updatedAt: now,
          });
        }
      }
      await tx
        .update(reviewer)
        .set({ userId })
        .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.id, claimed.id)));
      await tx.insert(conferenceMember).values({ conferenceId, userId, role: 'reviewer' }).onConflictDoNothing();
      return { reviewerId: claimed.id, userId, newAccount };
    });
  } catch (error) {
    // An account created for this email by another way at the same moment: nothing was activated.
    if (uniqueViolation(error)) throw new AppError('USER_EXISTS');
    throw error;
  }
}
