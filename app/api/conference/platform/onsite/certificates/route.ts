import { certificateSettingsOf, saveCertificateSettings } from '@/lib/certificates/certificates';
import { ZCertificateSettings } from '@/lib/certificates/settings-schema';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';

/** The certificate's text in both languages (placeholders checked), its signatory and its images' names. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => certificateSettingsOf(db, conference.id));

export const POST = route({ auth: 'manager', body: ZCertificateSettings, changesSite: false }, async ({ db, conference, user, body }) =>
  saveCertificateSettings(db, conference.id, body, user.id),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
