import { mailCertificates } from '@/lib/certificates/certificates';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { wakeMailWorker } from '@/lib/mail/worker';

/**
 * Issues the certificates in bulk: every participant checked in at the door gets one mail (their language, a link to
 * download); those mailed before are not mailed again, however often or concurrently this is called.
 */
export const POST = route({ auth: 'manager', changesSite: false }, async ({ db, conference }) => {
  const result = await mailCertificates(db, { conferenceId: conference.id });
  wakeMailWorker();
  return result;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
