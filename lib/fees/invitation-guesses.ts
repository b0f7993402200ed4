import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { registrationFee } from '@/db/schema';
import { clientKey, giveBackAll, LIMITS, takeAttempt, type Attempt } from '@/lib/accounts/rate-limit';

/** Who is trying an invitation code: the client address (route()'s `ip`) and the account, when known. */
export type CodeGuesser = { ip: string | null; userId?: string | null };

/**
 * Limits invitation-code guessing. A code opens hidden fees (getRegFee lists them, registration and
 * the fee changes accept them), so every place that takes a code from a participant calls this
 * first. Each non-empty code takes an attempt per client (LIMITS.invitationPerIp) and per account
 * (LIMITS.invitationPerAccount) before it is compared, so concurrent guesses cannot get past the
 * limit and a locked guesser learns nothing, not even from a right code; a code that belongs to one
 * of the conference's fees gives its attempts back, so only wrong guesses count.
 */
export async function checkInvitationGuess(
  db: Executor,
  input: { conferenceId: number; code: string | null | undefined; guesser: CodeGuesser },
  now = new Date(),
): Promise<void> {
  const code = (input.code ?? '').trim().toLowerCase();
  if (!code) return;
  const taken: (Attempt | null)[] = [];
  try {
    if (input.guesser.ip) taken.push(await takeAttempt(db, clientKey('invitation', input.guesser.ip), LIMITS.invitationPerIp, now));
    if (input.guesser.userId) {
      taken.push(await takeAttempt(db, `invitation:user:${input.guesser.userId}`, LIMITS.invitationPerAccount, now));
    }
  } catch (error) {
    await giveBackAll(db, taken);
    throw error;
  }
  const [match] = await db
    .select({ id: registrationFee.id })
    .from(registrationFee)
    .where(
      and(
        eq(registrationFee.conferenceId, input.conferenceId),
        ne(registrationFee.invitationCode, ''),
        sql`lower(trim(${registrationFee.invitationCode})) = ${code}`,
      ),
    )
    .limit(1);
  if (match) await giveBackAll(db, taken);
}
