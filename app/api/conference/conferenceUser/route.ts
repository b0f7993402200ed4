import { z } from 'zod';
import { route } from '@/lib/http/route';
import { registerParticipant } from '@/lib/registration/register-participant';

/** Saves the signed-in account's registration for this conference (the notice must be accepted). */
export const POST = route(
  { auth: 'user', published: true, body: z.object({ agreeNotice: z.literal(true, { error: 'selectNotice' }) }) },
  async ({ db, conference, user }) => registerParticipant(db, { conference, userId: user!.id }),
);
