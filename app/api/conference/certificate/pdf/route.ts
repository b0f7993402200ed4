import { myCertificatePdf } from '@/lib/certificates/certificates';
import { fileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';

/**
 * The caller's own certificate of attendance (bilingual PDF): only after the conference's end and only for a
 * participant checked in at its door; the first download issues it with its verification code.
 */
export const GET = route({ auth: 'user' }, async ({ db, conference, user }) => {
  const { pdf, fileName } = await myCertificatePdf(db, { conferenceId: conference.id, userId: user.id });
  return fileResponse(pdf, { mime: 'application/pdf', fileName });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
