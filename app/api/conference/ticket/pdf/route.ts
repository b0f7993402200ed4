import { fileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { myTicketPdf } from '@/lib/tickets/ticket-pdf';

/**
 * The caller's own ticket as a PDF, in their registration's language: the QR code of the signed token, name,
 * organisation, registration number and fee. Only for a complete registration (paid, or free); drawn off the
 * event loop and never stored (it is a credential; a reissue makes a new one).
 */
export const GET = route({ auth: 'user' }, async ({ db, conference, user }) => {
  const { pdf, fileName } = await myTicketPdf(db, { conferenceId: conference.id, userId: user.id });
  return fileResponse(pdf, { mime: 'application/pdf', fileName });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
