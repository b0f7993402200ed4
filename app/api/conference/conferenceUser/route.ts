import { z } from 'zod';
import { route } from '@/lib/http/route';
import { parseAnswers } from '@/lib/registration/answers';
import { updateRegistrant } from '@/lib/registration/manage-registrants';
import { registerParticipant } from '@/lib/registration/register-participant';

const ZAnswers = z.record(z.string(), z.unknown()).default({});

/**
 * Saves the signed-in account's registration: the notice must be accepted and the answers pass
 * the form's own rules. The email is the account's (read-only on the form).
 */
export const POST = route(
  {
    auth: 'user',
    published: true,
    body: z.object({ agreeNotice: z.literal(true, { error: 'selectNotice' }), answers: ZAnswers }),
  },
  async ({ db, conference, user, body }) => {
    const answers = await parseAnswers(db, conference.id, { ...body.answers, email: user!.email });
    const { code } = await registerParticipant(db, { conference, userId: user!.id, answers });
    return { code };
  },
);

/** An organiser corrects a registrant's answers (the email stays the account's). */
export const PUT = route(
  { auth: 'manager', body: z.object({ id: z.coerce.number().int().positive(), answers: ZAnswers }) },
  async ({ db, conference, body }) => {
    const answers = await parseAnswers(db, conference.id, body.answers);
    await updateRegistrant(db, { conferenceId: conference.id, id: body.id, answers });
    return { id: body.id };
  },
);
