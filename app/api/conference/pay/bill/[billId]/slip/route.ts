import { AppError } from '@/lib/http/app-error';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { isUnsafeString } from '@/lib/http/text';
import { readUpload } from '@/lib/http/upload';
import { SLIP_MAX_BYTES, uploadSlip } from '@/lib/payments/remittance';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** My transfer slip for an offline payment (multipart: `file`, optional `note`): the orders wait as "to be confirmed". */
export const POST = route({ auth: 'user' }, async ({ req, db, conference, user, params }) => {
  const billId = idParam(params.billId);
  const { form, file, data } = await readUpload(req, { bytes: SLIP_MAX_BYTES, code: 'SLIP_TOO_LARGE' });
  const note = form.get('note');
  if (typeof note === 'string' && isUnsafeString(note)) throw new AppError('INVALID_INPUT');
  return uploadSlip(db, {
    conferenceId: conference.id,
    userId: user.id,
    billId,
    fileName: file.name,
    data,
    note: typeof note === 'string' ? note.slice(0, 500) : '',
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
