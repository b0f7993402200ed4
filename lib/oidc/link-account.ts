import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { user, userIdentity } from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import { findUserByEmail } from '@/lib/accounts/queries';
import { AppError } from '@/lib/http/app-error';
import type { VerifiedIdentity } from './providers/types';

export type LinkedAccount = { userId: string; created: boolean };

async function linkOnce(db: DB, providerId: number, identity: VerifiedIdentity, now: Date): Promise<LinkedAccount> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .update(userIdentity)
      .set({ email: identity.email, name: identity.name, lastLoginAt: now })
      .where(and(eq(userIdentity.providerId, providerId), eq(userIdentity.subject, identity.subject)))
      .returning({ userId: userIdentity.userId });
    if (known) return { userId: known.userId, created: false };
    if (!identity.email) throw new AppError('OIDC_EMAIL_MISSING');

    const existing = await findUserByEmail(tx, identity.email);
    let userId: string;
    let created = false;
    if (existing) {
      // Only an address the provider vouches for may take over an existing account.
      if (!identity.emailVerified) throw new AppError('OIDC_ACCOUNT_CONFLICT');
      userId = existing.id;
    } else {
      const name = identity.name || identity.email.split('@')[0];
      userId = await insertAccount(tx, { email: identity.email, name, passwordHash: null });
      if (identity.emailVerified) await tx.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
      created = true;
    }
    await tx.insert(userIdentity).values({
      providerId,
      subject: identity.subject,
      userId,
      email: identity.email,
      name: identity.name,
      createdAt: now,
      lastLoginAt: now,
    });
    return { userId, created };
  });
}

/**
 * The account behind a provider's identity: the one linked to (provider, sub); else an existing
 * account with the same email when the provider says the email is verified (then linked); else a
 * new account without a password (its owner may set one through "forgot password"). Two first
 * logins racing: the unique (provider, sub) index lets one insert, the other finds it on a retry.
 */
export async function linkAccount(db: DB, providerId: number, identity: VerifiedIdentity, now = new Date()): Promise<LinkedAccount> {
  try {
    return await linkOnce(db, providerId, identity, now);
  } catch (error) {
    if (!uniqueViolation(error)) throw error;
    return linkOnce(db, providerId, identity, now);
  }
}
