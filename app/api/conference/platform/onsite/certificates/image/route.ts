import {
  CERTIFICATE_IMAGE_LIMIT,
  certificateImageBytes,
  certificateSettingsOf,
  removeCertificateImage,
  uploadCertificateImage,
} from '@/lib/certificates/certificates';
import { ZCertificateImageQuery } from '@/lib/certificates/settings-schema';
import { AppError } from '@/lib/http/app-error';
import { fileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/** The signature or seal as stored, for the organiser's page (never public). */
export const GET = route({ auth: 'manager', query: ZCertificateImageQuery }, async ({ db, conference, query }) => {
  const settings = await certificateSettingsOf(db, conference.id);
  const name = query.kind === 'signature' ? settings?.signatureFile : settings?.sealFile;
  const bytes = name ? await certificateImageBytes(conference.id, name) : null;
  if (!name || !bytes) throw new AppError('NOT_FOUND');
  return fileResponse(bytes, { mime: MIME[name.split('.').pop() ?? ''] ?? 'application/octet-stream', fileName: null });
});

/** Uploads the signature or the seal (multipart `file`: png or jpg up to 2 MB), through the upload intake. */
export const POST = route(
  { auth: 'manager', query: ZCertificateImageQuery, changesSite: false },
  async ({ req, db, conference, user, query }) => {
    const { file, data } = await readUpload(req, CERTIFICATE_IMAGE_LIMIT);
    return uploadCertificateImage(db, { conferenceId: conference.id, userId: user.id }, query.kind, file.name, data);
  },
);

/** Takes the signature or the seal off the certificates. */
export const DELETE = route({ auth: 'manager', query: ZCertificateImageQuery, changesSite: false }, async ({ db, conference, query }) =>
  removeCertificateImage(db, conference.id, query.kind),
);

export const { PUT, PATCH } = otherMethods('GET', 'POST', 'DELETE');
