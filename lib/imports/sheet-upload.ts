import { AppError } from '@/lib/http/app-error';
import { readUpload } from '@/lib/http/upload';
import { SHEET_LIMITS, type SheetLimits } from './read-sheet';

/**
 * The spreadsheet of a multipart upload (field `file`): reading stops at `limits.maxBytes`, which is
 * refused as SHEET_TOO_LARGE with the limits named, like a file that unpacks too large.
 */
export async function readSheetUpload(req: Request, limits: SheetLimits = SHEET_LIMITS): Promise<Uint8Array> {
  try {
    return (await readUpload(req, { bytes: limits.maxBytes, code: 'SHEET_TOO_LARGE' })).data;
  } catch (error) {
    if (error instanceof AppError && error.code === 'SHEET_TOO_LARGE') throw new AppError('SHEET_TOO_LARGE', limits.tooLarge);
    throw error;
  }
}
