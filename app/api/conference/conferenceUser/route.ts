import { z } from 'zod';
import { route } from '@/lib/http/route';
import { loadCountryOptions, loadFields } from '@/lib/registration/field-config';
import { buildAnswerSchema } from '@/lib/registration/fields';
import { registerParticipant } from '@/lib/registration/register-participant';

/**
 * Saves the signed-in account's registration: the notice must be accepted and the answers pass
 * the form's own rules. The email is the account's (read-only on the form).
 */
export const POST = route(
  {
    auth: 'user',
    published: true,
    body: z.object({ agreeNotice: z.literal(true, { error: 'selectNotice' }), answers: z.record(z.string(), z.unknown()).default({}) }),
  },
  async ({ db, conference, user, body }) => {
    const [fields, countries] = await Promise.all([loadFields(db, conference.id), loadCountryOptions(db, conference.id)]);
    const answers = buildAnswerSchema(fields, countries).parse({ ...body.answers, email: user!.email }) as Record<string, string | string[]>;
    return registerParticipant(db, { conference, userId: user!.id, answers });
  },
);
