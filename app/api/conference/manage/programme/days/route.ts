import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { createDay } from '@/lib/programme/days';
import { ZDayInput } from '@/lib/programme/schemas';

/** Adds a day to the programme. */
export const POST = route({ auth: 'manager', changesSite: false, body: ZDayInput }, async ({ db, conference, body }) =>
  createDay(db, conference.id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
