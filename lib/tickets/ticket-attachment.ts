import type { AttachmentResolver } from '@/lib/mail/attachments';
import { findTicketHolder } from './holder';
import { liveTicket, tokenOf } from './issue-ticket';
import { ticketLayout, ticketPdf } from './ticket-pdf';

/**
 * The ticket mail's PDF (issue 24 point 1), drawn when the outbox sends the mail: from the registration's live
 * ticket at that moment, so a ticket reissued after the mail was queued is never sent in its old form. Nothing is
 * attached when the registration has no live ticket any more (cancelled, refunded). Drawn in the ticket worker
 * pool, off the event loop.
 */
export const ticketMailAttachment: AttachmentResolver<'ticket'> = async (db, { conferenceId, registrationId }) => {
  const scope = { conferenceId, registrationId };
  const holder = await findTicketHolder(db, scope);
  if (!holder?.complete) return null;
  const live = await liveTicket(db, scope);
  if (!live) return null;
  const pdf = await ticketPdf(ticketLayout({ ticket: live, token: tokenOf(live), holder }), `mail:${conferenceId}`);
  return { filename: `ticket-${holder.code}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' };
};
