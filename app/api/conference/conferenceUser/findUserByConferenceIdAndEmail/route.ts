import { z } from 'zod';
import { route } from '@/lib/http/route';
import { findUserByEmail } from '@/lib/accounts/queries';
import { findRegistration } from '@/lib/registration/register-participant';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The registration of an email at this conference (organisers), or null. */
export const GET = route(
  { auth: 'manager', query: z.object({ email: z.email({ error: 'emailInvalid' }) }) },
  async ({ db, conference, query }) => {
    const account = await findUserByEmail(db, query.email);
    const registration = account ? await findRegistration(db, conference.id, account.id) : null;
    if (!account || !registration) return null;
    return {
      id: registration.id,
      code: registration.code,
      version: registration.version,
      status: registration.status,
      answers: registration.answers,
      createdAt: registration.createdAt,
      name: account.name,
      email: account.email,
    };
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
