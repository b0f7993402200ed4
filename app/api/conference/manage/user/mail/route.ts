import { route } from '@/lib/http/route';
import { listCampaigns, sendCampaign, ZCampaignInput } from '@/lib/mail/campaigns';
import { wakeMailWorker } from '@/lib/mail/worker';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conference's bulk mails with their delivered and failed counts (managers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => ({ campaigns: await listCampaigns(db, conference.id) }));

/** Sends a bulk mail to the registrants ticked, or to all matching the list's filters, each in their language. */
export const POST = route({ auth: 'manager', body: ZCampaignInput, changesSite: false }, async ({ db, conference, user, body }) => {
  const result = await sendCampaign(
    db,
    { conferenceId: conference.id, timeZone: conference.timeZone, title: conference.title, userId: user.id },
    body,
  );
  wakeMailWorker();
  return result;
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
