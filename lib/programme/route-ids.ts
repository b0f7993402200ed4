import { AppError, type ErrorCode } from '@/lib/http/app-error';
import { parseId } from '@/lib/validation/primitives';

/** The `[id]` of a programme handler's address; an unreadable one is "not found" with the item's own code. */
export function programmeId(raw: string | undefined, code: ErrorCode): number {
  const id = parseId(raw);
  if (id === null) throw new AppError(code);
  return id;
}
