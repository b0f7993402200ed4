import { readFile } from 'node:fs/promises';
import type { AttachedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { attachment } from '@/lib/http/download';
import { locate } from '@/lib/storage/local-storage';

/** A feedback's attached file as a download under its original name (never shown inline). */
export async function feedbackFileResponse(conferenceId: number, file: AttachedFile): Promise<Response> {
  const where = await locate(conferenceId, file.name);
  if (!where) throw new AppError('FILE_NOT_FOUND');
  return new Response(new Uint8Array(await readFile(where)), {
    headers: {
      'content-type': file.mime,
      'content-disposition': attachment(file.oriName),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
