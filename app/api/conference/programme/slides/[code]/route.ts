import { AppError } from '@/lib/http/app-error';
import { storedFileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { publicSlides } from '@/lib/programme/public-slides';
import { storedKeyOf } from '@/lib/storage/intake';

/**
 * A contribution's slides or poster for anyone reading the published programme: only while the organiser shows
 * slides and only for a contribution of the latest version with an attached file; otherwise "not found".
 */
export const GET = route({ auth: 'none', published: true }, async ({ db, conference, params }) => {
  const slides = await publicSlides(db, { conferenceId: conference.id, code: params.code ?? '' });
  if (!slides) throw new AppError('NOT_FOUND');
  return storedFileResponse(
    await storedKeyOf(conference.id, slides.name, ['files']),
    { mime: slides.mime, fileName: slides.originalName },
    'NOT_FOUND',
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
