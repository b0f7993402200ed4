import { otherMethods } from '@/lib/http/method-not-allowed';
import { AppError } from '@/lib/http/app-error';
import { storedFileResponse } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { myInvoiceFile } from '@/lib/invoices/invoice-file';
import { ZInvoiceFileQuery } from '@/lib/invoices/schemas';
import { storedKeyOf } from '@/lib/storage/intake';

/** The electronic invoice issued for my order (PDF or OFD): only my own request at this conference, else "not found". */
export const GET = route({ auth: 'user', query: ZInvoiceFileQuery }, async ({ db, conference, user, query }) => {
  const file = await myInvoiceFile(db, { conferenceId: conference.id, userId: user.id, orderId: query.orderId });
  if (!file) throw new AppError('NOT_FOUND');
  return storedFileResponse(await storedKeyOf(conference.id, file.name), { mime: file.mime, fileName: file.downloadName }, 'NOT_FOUND');
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
