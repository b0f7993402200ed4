import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { receiptFile } from '@/lib/payments/receipt-file';
import { storedFileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * The receipt of a paid order as a bilingual PDF: for the payer, or a manager of this conference.
 * Made once (off the event loop) and then streamed from storage.
 */
export const GET = route({ auth: 'user' }, async ({ db, conference, user, roles, params }) => {
  const file = await receiptFile(db, conference.id, idParam(params.orderId), { userId: user.id, roles });
  return storedFileResponse(file.key, { mime: 'application/pdf', fileName: file.fileName });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
