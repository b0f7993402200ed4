import { AppError } from './app-error';

/** An upload's size limit with the error it gives (code and message key). */
export type SizeLimit = { bytes: number; code: string; message: string };

/**
 * The multipart body of an upload. Refused before it is read when its declared length is over the
 * limit (with room for the form's framing), and when it holds no file under `file`.
 */
export async function readUpload(req: Request, limit: SizeLimit): Promise<{ form: FormData; file: File; data: Uint8Array }> {
  if (Number(req.headers.get('content-length') ?? 0) > limit.bytes + 64 * 1024) throw new AppError(limit.code, limit.message, 413);
  const form = await req.formData().catch(() => null);
  const file = form?.get('file');
  if (!form || !(file instanceof File)) throw new AppError('INVALID_INPUT', 'invalidInput', 400);
  return { form, file, data: new Uint8Array(await file.arrayBuffer()) };
}
