import { z } from 'zod';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { parseAnswers } from '@/lib/registration/answers';
import { addRegistrant } from '@/lib/registration/manage-registrants';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** An organiser registers someone by email (an existing account, or a new one without password). */
export const POST = route(
  { auth: 'manager', body: z.object({ answers: z.record(z.string(), z.unknown()).default({}) }) },
  async ({ db, conference, body }) => {
    const { answers, files } = await parseAnswers(db, conference.id, body.answers, { organiser: true });
    // Files are the participant's to upload: an organiser adds the registration without them.
    if (files.length) throw new AppError('UPLOAD_MISSING');
    return addRegistrant(db, {
      conferenceId: conference.id,
      answers: answers as typeof answers & { email: string },
      locale: conference.languageType === 2 ? 'en' : 'zh',
    });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
