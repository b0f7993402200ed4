import { hashPassword } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { DB, Executor } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { conferenceMember, reviewer, userProfile } from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import { checkEmailCode, consumeEmailCode } from '@/lib/accounts/email-codes';
import { passwordWeakness } from '@/lib/accounts/password-strength';
import { findUserByEmail } from '@/lib/accounts/queries';
import type { Locale } from '@/lib/i18n/localized';
import { AppError } from '@/lib/http/app-error';
import type { SessionUser } from '@/lib/tenancy/context';
import { hashInvitationKey } from './keys';
import type { ActivateInput, ActivationStep } from './schemas';

/** What the activation page shows for a key: the invitation to complete, or the already-activated message. */
export type Invitation =
  | {
      state: 'pending';
      email: string;
      /** What the visitor must do to activate (see ActivationStep). */
      step: ActivationStep;
      lastName: string;
      middleName: string;
      firstName: string;
      fullName: string;
      organization: string;
      phone: string;
    }
  | { state: 'used' };

/** Who calls: the signed-in account (null: nobody is signed in). */
export type ActivationCaller = Pick<SessionUser, 'id' | 'email'> | null;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The step for an invitation to `email`: whether an account has it, and whether the caller is that account. */
function stepFor(email: string, accountExists: boolean, caller: ActivationCaller): ActivationStep {
  if (!accountExists) return 'newAccount';
  return caller && sameEmail(caller.email, email) ? 'activate' : 'signInFirst';
}

/** An existing account is activated only by itself: anyone else is told to sign in as it first. */
function requireSignedInAs(caller: ActivationCaller, email: string, userId: string) {
  if (!caller || caller.id !== userId || !sameEmail(caller.email, email)) throw new AppError('INVITATION_SIGN_IN', { email });
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
 * GET review/key/{key} (public): the invitation behind a key and what `caller` must do to activate
 * it. A key never issued, replaced by a resend, or already used all answer `used` (spec §2: the
 * already-activated message).
 */
export async function invitationByKey(db: Executor, conferenceId: number, key: string, caller: ActivationCaller): Promise<Invitation> {
  const row = await rowByKey(db, conferenceId, key);
  if (!row) return { state: 'used' };
  return {
    state: 'pending',
    email: row.email,
    step: stepFor(row.email, (await findUserByEmail(db, row.email)) !== null, caller),
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
 * POST review/active (public): activates an invitation with the §5 form. A key proves nothing about
 * an address by itself (an organiser made it), so:
 * - for an email that has an account, the caller must be signed in as that account
 *   (INVITATION_SIGN_IN otherwise); its password is never set or changed here;
 * - for an email without one, the account is created only with the sign-up code emailed to that
 *   address through the platform's SMTP (checkEmailCode, purpose registerCode, with its limits) and
 *   the password chosen here.
 * The key is claimed by a conditional update (`… WHERE key_hash = $hash RETURNING`), so of two
 * concurrent activations exactly one wins and the other gets INVITATION_USED; in the same
 * transaction the code is used up, the account created or linked, and the conference_member
 * 'reviewer' role granted. Any failure leaves the key (and an unused code) usable.
 */
export async function activateReviewer(
  db: DB,
  conferenceId: number,
  input: ActivateInput,
  context: { caller: ActivationCaller; locale?: Locale; ip?: string | null },
): Promise<{ reviewerId: number; userId: string; email: string; newAccount: boolean }> {
  const { caller, locale } = context;
  const keyHash = hashInvitationKey(input.key);
  const found = await rowByKey(db, conferenceId, input.key);
  if (!found) throw new AppError('INVITATION_USED');
  const existing = await findUserByEmail(db, found.email);
  let codeId: number | null = null;
  let passwordHash: string | null = null;
  if (existing) {
    requireSignedInAs(caller, found.email, existing.id);
  } else {
    if (!input.password) throw fieldError('password', 'passwordRequired');
    if (!input.code) throw fieldError('code', 'codeRequired');
    const weakness = passwordWeakness(input.password, { email: found.email, name: input.fullName });
    if (weakness) throw new AppError('PASSWORD_WEAK', undefined, `validation.${weakness}`);
    codeId = await checkEmailCode(db, { email: found.email, purpose: 'registerCode', code: input.code, ip: context.ip ?? null });
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

      // Decided again in the transaction: an account made for this email meanwhile is linked only by itself.
      const owner = await findUserByEmail(tx, claimed.email);
      let userId: string;
      if (owner) {
        requireSignedInAs(caller, claimed.email, owner.id);
        userId = owner.id;
      } else {
        if (codeId === null || passwordHash === null) throw fieldError('code', 'codeRequired');
        await consumeEmailCode(tx, codeId);
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
      }
      await tx
        .update(reviewer)
        .set({ userId })
        .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.id, claimed.id)));
      await tx.insert(conferenceMember).values({ conferenceId, userId, role: 'reviewer' }).onConflictDoNothing();
      return { reviewerId: claimed.id, userId, email: claimed.email, newAccount: owner === null };
    });
  } catch (error) {
    // An account created for this email by another way at the same moment: nothing was activated.
    if (uniqueViolation(error)) throw new AppError('USER_EXISTS');
    throw error;
  }
}
