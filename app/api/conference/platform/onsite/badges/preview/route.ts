import { badgePreview, badgeSettingsOf } from '@/lib/badges/badge-pdf';
import { fileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';

/** The preview: one sample badge with the saved settings, as the PDF that would be printed. */
export const GET = route({ auth: 'manager' }, async ({ db, conference, user, locale }) => {
  const settings = await badgeSettingsOf(db, conference.id);
  const { pdf } = await badgePreview(db, { conferenceId: conference.id, settings, locale, account: user.id });
  return fileResponse(pdf, { mime: 'application/pdf', fileName: 'badge-preview.pdf' });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
