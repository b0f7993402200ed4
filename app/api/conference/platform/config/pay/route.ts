import { route } from '@/lib/http/route';
import { managedMethods, paymentTimes, saveMethod } from '@/lib/payments/methods';
import { ZMethodInput } from '@/lib/payments/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conference's payment methods as managers see them: settings, and which secrets are set (never their values). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => {
  const [methods, times] = await Promise.all([managedMethods(db, conference.id), paymentTimes(db, conference.id)]);
  return { methods, times };
});

/** Saves one method (empty secrets keep the stored ones). */
export const POST = route({ auth: 'manager', body: ZMethodInput, changesSite: false }, async ({ db, conference, user, body }) =>
  saveMethod(db, conference.id, body, user.id),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
