import { AppError } from '@/lib/http/app-error';
import { parseId } from '@/lib/validation/primitives';

/** A material id from the address, or not found (ids past 32 bits too). */
export function materialId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('DOWNLOAD_NOT_FOUND');
  return id;
}
