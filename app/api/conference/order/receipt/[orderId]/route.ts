import { AppError } from '@/lib/http/app-error';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { receiptFor } from '@/lib/payments/receipt';
import { renderReceiptPdf } from '@/lib/payments/receipt-pdf';

/** The receipt of a paid order as a bilingual PDF: for the payer, or a manager of this conference. */
export const GET = route({ auth: 'user' }, async ({ db, conference, user, roles, params }) => {
  const receipt = await receiptFor(db, conference.id, idParam(params.orderId));
  if (!receipt || (receipt.userId !== user.id && !roles.manager && !roles.platformAdmin)) throw new AppError('ORDER_NOT_FOUND');
  const pdf = await renderReceiptPdf(receipt.data);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="receipt-${receipt.data.receiptNo}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
});
