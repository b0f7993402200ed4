import { badgesPdf } from '@/lib/badges/badge-pdf';
import { ZBadgePrint } from '@/lib/badges/print-schema';
import { fileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';

/**
 * The badges as one PDF: one registration's (`registrationId`), or every registrant the registrant list's filters
 * match (none given: everyone), drawn in the badge worker with the saved settings.
 */
export const GET = route({ auth: 'manager', query: ZBadgePrint }, async ({ db, conference, user, query, locale }) => {
  const { registrationId, lang, ...filters } = query;
  const selection = registrationId ? { registrationId } : { filters };
  const { pdf } = await badgesPdf(db, {
    conferenceId: conference.id,
    timeZone: conference.timeZone,
    selection,
    locale: lang ?? locale,
    account: user.id,
  });
  return fileResponse(pdf, { mime: 'application/pdf', fileName: registrationId ? `badge-${registrationId}.pdf` : 'badges.pdf' });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
