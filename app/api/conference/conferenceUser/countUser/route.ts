import { route } from '@/lib/http/route';
import { registrationCounts } from '@/lib/registration/register-participant';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** How many have registered, against the cap (organisers). */
export const POST = route({ auth: 'manager' }, async ({ db, conference }) => {
  const counts = await registrationCounts(db, conference.id);
  return { total: counts.registeredCount, cap: counts.cap, full: counts.full };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
