import type { AttachedFile } from '@/db/schema';
import { storedFileResponse } from '@/lib/http/download';
import { storedKeyOf } from '@/lib/storage/intake';

/** A feedback's attached file as a download under its original name (never shown inline). */
export async function feedbackFileResponse(conferenceId: number, file: AttachedFile): Promise<Response> {
  return storedFileResponse(await storedKeyOf(conferenceId, file.name), { mime: file.mime, fileName: file.oriName });
}
