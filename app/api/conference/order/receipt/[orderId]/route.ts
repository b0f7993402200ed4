import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { receiptFile } from '@/lib/payments/receipt-file';
import { storedFileStream } from '@/lib/storage/local-storage';

/**
 * The receipt of a paid order as a bilingual PDF: for the payer, or a manager of this conference.
 * Made once (off the event loop) and then streamed from storage.
 */
export const GET = route({ auth: 'user' }, async ({ db, conference, user, roles, params }) => {
  const file = await receiptFile(db, conference.id, idParam(params.orderId), { userId: user.id, roles });
  const { body, size } = await storedFileStream(file.path);
  return new Response(body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'content-length': String(size),
      'cache-control': 'private, no-store',
    },
  });
});
