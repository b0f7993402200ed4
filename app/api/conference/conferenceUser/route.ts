import { z } from 'zod';
import { ZFeeChoice } from '@/lib/fees/schemas';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { findRegistrant } from '@/lib/registration/registrants';
import { registrationGate } from '@/lib/registration/registration-gate';
import { parseAnswers } from '@/lib/registration/answers';
import { updateRegistrant } from '@/lib/registration/manage-registrants';
import { registerParticipant } from '@/lib/registration/register-participant';
import { ZId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

const ZAnswers = z.record(z.string(), z.unknown()).default({});

/**
 * Saves the signed-in account's registration: the notice must be accepted and the answers pass
 * the form's own rules, and the fee choice the fee rules. The email is the account's (read-only on
 * the form). The answer carries the registration number, the orders and the next page.
 */
export const POST = route(
  {
    auth: 'user',
    published: true,
    gate: registrationGate,
    body: z.object({
      agreeNotice: z.literal(true, { error: 'selectNotice' }),
      answers: ZAnswers,
      fees: ZFeeChoice.default(ZFeeChoice.parse({})),
    }),
  },
  async ({ db, conference, user, body, locale, ip }) => {
    const { code, orders, nextPath } = await registerParticipant(db, {
      conference,
      userId: user.id,
      form: { ...body.answers, email: user.email },
      account: { email: user.email, name: user.name },
      fees: body.fees,
      ip,
      locale,
    });
    return {
      code,
      nextPath,
      orders: orders.map((o) => ({ id: o.id, orderNo: o.orderNo, totalMinor: o.totalMinor, currency: o.currency })),
    };
  },
);

/** An organiser corrects a registrant's answers (the email stays the account's). */
export const PUT = route({ auth: 'manager', body: z.object({ id: ZId, answers: ZAnswers }) }, async ({ db, conference, body }) => {
  const registrant = await findRegistrant(db, { conferenceId: conference.id, registrationId: body.id });
  if (!registrant) throw new AppError('REGISTRANT_NOT_FOUND');
  // Checked against the form of the version the registrant registered under.
  const { answers, files } = await parseAnswers(db, conference.id, body.answers, { organiser: true, version: registrant.version });
  await updateRegistrant(db, { conferenceId: conference.id, id: body.id, answers, files });
  return { id: body.id };
});

export const { GET, PATCH, DELETE } = otherMethods('POST', 'PUT');
