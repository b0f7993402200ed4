import { Errors } from './app-error';

/** A numeric id from an address segment (a conference, a request …), or not found. */
export function idParam(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw Errors.notFound();
  return id;
}
