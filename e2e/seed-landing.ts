import { reviewer } from '@/db/schema';
import type { DB } from '@/db/client';
import { registerParticipant } from '@/lib/registration/register-participant';
import { hashInvitationKey } from '@/lib/reviewers/keys';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { LANDING } from './support/landing-data';

/**
 * The landing and names test's data on the demo (e2e/landing.spec.ts): registered participants
 * whose registration holds a phone, organisation and country, accounts that never registered, and
 * reviewer invitations whose keys the test knows.
 */
export async function seedLanding(
  db: DB,
  demo: Conference,
  registerFeeId: number,
  account: (email: string, name: string) => Promise<string>,
) {
  for (const locale of ['zh', 'en'] as const) {
    const { telephone, unit, country } = LANDING.registration;
    await registerParticipant(db, {
      conference: demo,
      userId: await account(LANDING.registered[locale], locale === 'zh' ? '赵六' : 'Ada Byron'),
      answers: { telephone, unit, country },
      fees: { registerFeeId, optional: [], invitationCode: '' },
      locale,
    });
    await account(LANDING.unregistered[locale], locale === 'zh' ? '钱七' : 'Alan Kay');
    const invited = LANDING.reviewers[locale];
    await db.insert(reviewer).values({
      conferenceId: demo.id,
      email: invited.email,
      keyHash: hashInvitationKey(invited.key),
      locale,
    });
  }
}
