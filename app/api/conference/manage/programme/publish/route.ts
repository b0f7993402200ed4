import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { publishProgramme } from '@/lib/programme/publish-programme';

/**
 * Publishes the draft programme as the next numbered version (the public programme shows it at once: the public
 * page cache is dropped) and mails the presenters whose slot changed. Answers the version's number and changes.
 */
export const POST = route({ auth: 'manager' }, async ({ db, conference, user }) => {
  const published = await publishProgramme(db, { conferenceId: conference.id, userId: user.id });
  return { number: published.number, publishedAt: published.publishedAt, changes: published.changes, mails: published.mails };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
