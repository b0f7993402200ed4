import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { wakeMailWorker } from '@/lib/mail/worker';
import { reissueTicket } from '@/lib/tickets/issue-ticket';
import { ZTicketReissue } from '@/lib/tickets/schemas';

/**
 * A manager reissues a registrant's ticket (a lost phone, a forwarded QR code): the old token is refused from now
 * on, and the new ticket is mailed to the registrant. The answer names the new generation, never the token.
 */
export const POST = route({ auth: 'manager', body: ZTicketReissue, changesSite: false }, async ({ db, conference, user, body }) => {
  const issued = await reissueTicket(db, { conferenceId: conference.id, registrationId: body.registrationId, actorUserId: user.id });
  wakeMailWorker();
  return { registrationId: body.registrationId, generation: issued.ticket.generation };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
