import { AppError, type ErrorCode } from './app-error';
import { readLimited } from './request-input';

/** An upload's size limit with the error it gives. */
export type SizeLimit = { bytes: number; code: ErrorCode };

/** Room for the multipart framing around the file. */
const FRAMING = 64 * 1024;

/**
 * The multipart body of an upload. Reading stops at the limit (plus the form's framing), whether
 * the length was declared or the body comes chunked; a body without a file under `file` is refused.
 */
export async function readUpload(req: Request, limit: SizeLimit): Promise<{ form: FormData; file: File; data: Uint8Array }> {
  const bytes = await readLimited(req, limit.bytes + FRAMING, limit.code);
  const contentType = req.headers.get('content-type') ?? '';
  const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData().catch(() => null);
  const file = form?.get('file');
  if (!form || !(file instanceof File)) throw new AppError('INVALID_INPUT');
  const data = new Uint8Array(await file.arrayBuffer());
  if (data.byteLength > limit.bytes) throw new AppError(limit.code);
  return { form, file, data };
}
