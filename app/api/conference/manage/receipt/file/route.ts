import { otherMethods } from '@/lib/http/method-not-allowed';
import { originOf } from '@/lib/conferences/seo';
import { AppError } from '@/lib/http/app-error';
import { storedFileResponse } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { attachInvoiceFile } from '@/lib/invoices/attach-invoice-file';
import { managedInvoiceFile } from '@/lib/invoices/invoice-file';
import { INVOICE_FILE_MAX_BYTES, ZInvoiceFileTarget } from '@/lib/invoices/schemas';
import { storedKeyOf } from '@/lib/storage/intake';

/**
 * Attaches the issued electronic invoice (multipart: `id` of the request, `file` a PDF or OFD) to a
 * request delivered by email: it becomes "invoiced" and the requester is mailed.
 */
export const POST = route({ auth: 'manager', changesSite: false }, async ({ req, db, conference, user }) => {
  const { form, file, data } = await readUpload(req, { bytes: INVOICE_FILE_MAX_BYTES, code: 'UPLOAD_TOO_LARGE' });
  const target = ZInvoiceFileTarget.safeParse({ id: form.get('id') });
  if (!target.success) throw new AppError('INVALID_INPUT');
  return attachInvoiceFile(db, {
    conferenceId: conference.id,
    id: target.data.id,
    actorUserId: user.id,
    fileName: file.name,
    data,
    origin: originOf(req.headers),
  });
});

/** A request's attached electronic invoice, for this conference's managers. */
export const GET = route({ auth: 'manager', query: ZInvoiceFileTarget }, async ({ db, conference, query }) => {
  const file = await managedInvoiceFile(db, { conferenceId: conference.id, id: query.id });
  if (!file) throw new AppError('NOT_FOUND');
  return storedFileResponse(await storedKeyOf(conference.id, file.name), { mime: file.mime, fileName: file.downloadName }, 'NOT_FOUND');
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
