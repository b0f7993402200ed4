import { verifyCertificate } from '@/lib/certificates/certificates';
import { ZCertificateCode } from '@/lib/certificates/settings-schema';
import { checkVerifyRate } from '@/lib/certificates/verify-rate';
import { localized } from '@/lib/i18n/localized';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';

/**
 * Whether a code is one of this conference's certificates (anyone may ask; per-client rate-limited): the holder's
 * name and the conference, nothing else; `valid: false` for an unknown, altered or malformed code.
 */
export const GET = route({ query: ZCertificateCode, published: true }, async ({ db, conference, query, ip, locale }) => {
  await checkVerifyRate(db, ip);
  const found = await verifyCertificate(db, conference.id, query.code);
  return found
    ? { valid: true, name: found.name, latinName: found.latinName, conference: localized(found.conference, locale) }
    : { valid: false };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
