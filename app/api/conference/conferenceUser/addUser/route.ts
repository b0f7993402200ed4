import { z } from 'zod';
import { route } from '@/lib/http/route';
import { parseAnswers } from '@/lib/registration/answers';
import { addRegistrant } from '@/lib/registration/manage-registrants';

/** An organiser registers someone by email (an existing account, or a new one without password). */
export const POST = route(
  { auth: 'manager', body: z.object({ answers: z.record(z.string(), z.unknown()).default({}) }) },
  async ({ db, conference, body }) => {
    const answers = (await parseAnswers(db, conference.id, body.answers)) as Record<string, string | string[]> & { email: string };
    return addRegistrant(db, { conferenceId: conference.id, answers });
  },
);
