import { z } from 'zod';
import { route } from '@/lib/http/route';
import { AppError } from '@/lib/http/app-error';
import { findUserByEmail } from '@/lib/accounts/queries';
import { findRegistration } from '@/lib/registration/register-participant';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Whether an email has registered for this conference: your own email, or any for organisers. */
export const GET = route(
  { auth: 'user', query: z.object({ email: z.email({ error: 'emailInvalid' }) }) },
  async ({ db, conference, user, roles, query }) => {
    const own = query.email.toLowerCase() === user.email.toLowerCase();
    if (!own && !roles.manager && !roles.platformAdmin) throw new AppError('FORBIDDEN');
    const account = own ? { id: user.id } : await findUserByEmail(db, query.email);
    const registration = account ? await findRegistration(db, conference.id, account.id) : null;
    return { registered: registration !== null };
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
