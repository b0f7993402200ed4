import { parseId } from '@/lib/validation/primitives';
import { AppError } from './app-error';

/** A numeric id from an address segment (a conference, a request …), or not found. */
export function idParam(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('NOT_FOUND');
  return id;
}
