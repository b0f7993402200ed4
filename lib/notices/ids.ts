import { AppError } from '@/lib/http/app-error';
import { parseId } from '@/lib/validation/primitives';

/** A notice id from the address, or not found (ids past 32 bits too). */
export function noticeId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('NOTICE_NOT_FOUND');
  return id;
}
