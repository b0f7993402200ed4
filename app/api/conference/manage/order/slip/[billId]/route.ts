import { AppError } from '@/lib/http/app-error';
import { storedFileResponse } from '@/lib/http/download';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { slipOf } from '@/lib/payments/queries';
import { storedKeyOf } from '@/lib/storage/intake';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** A participant's transfer slip, for the managers who confirm it. */
export const GET = route({ auth: 'manager' }, async ({ db, conference, params }) => {
  const slip = await slipOf(db, conference.id, idParam(params.billId));
  if (!slip) throw new AppError('FILE_NOT_FOUND');
  return storedFileResponse(await storedKeyOf(conference.id, slip.name), { mime: slip.mime, fileName: slip.originalName });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
