import { certificatePreviewPdf } from '@/lib/certificates/certificates';
import { fileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';

/** A sample certificate with the saved text and images (a sample person, a sample code that verifies nothing). */
export const GET = route({ auth: 'manager' }, async ({ db, conference, user, locale }) => {
  const pdf = await certificatePreviewPdf(db, { conferenceId: conference.id, account: user.id, locale });
  return fileResponse(pdf, { mime: 'application/pdf', fileName: 'certificate-sample.pdf' });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
