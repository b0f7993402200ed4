import { z } from 'zod';
import { storedFileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { latestBookFile } from '@/lib/programme/book/queries';

const ZBookQuery = z.object({ lang: z.enum(['zh', 'en'], 'invalidChoice').optional() });

/**
 * The book of abstracts (PDF) of the latest published programme, in `lang` (default: the caller's language). Open
 * to everyone once the conference is published; 404 until the book is built (it follows a publication within
 * seconds, built in the background: lib/programme/book/book-sweep.ts).
 */
export const GET = route({ auth: 'none', published: true, query: ZBookQuery }, async ({ db, conference, query, locale }) => {
  const file = await latestBookFile(db, { conferenceId: conference.id, lang: query.lang ?? locale });
  return storedFileResponse(file?.key ?? null, { mime: 'application/pdf', fileName: file?.fileName ?? null });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
