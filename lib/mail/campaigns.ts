import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DB, Executor } from '@/db/client';
import { mailCampaign, mailOutbox } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { isLocale, localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { registrantsForMail, ZRegistrantFilters } from '@/lib/registration/registrants';
import { ZId } from '@/lib/validation/primitives';
import { CAMPAIGN_MAX, ZCampaignMessage } from './campaign-schema';
import { hasActiveMailConfig } from './conference-config';
import { enqueueRendered } from './outbox';
import { renderCustomMail } from './render';

/**
 * A bulk mail: the message, and the registrants it goes to — those ticked on the list (`ids`), or
 * every one matching the list's filters (`all`).
 */
export const ZCampaignInput = z.intersection(
  ZCampaignMessage,
  z.object({
    ids: z.array(ZId).max(5000, 'tooLong').default([]),
    all: z.boolean('invalidChoice').default(false),
    filters: ZRegistrantFilters.default({ q: '', from: '', to: '', pay: '', fee: '' }),
  }),
);
export type CampaignInput = z.output<typeof ZCampaignInput>;

/**
 * Sends a bulk mail to the chosen registrants of one conference: each gets it in their own
 * language (the one they registered in) with their name, number and the conference's title filled
 * in, through the outbox, every row tagged with the campaign. It needs the conference's own active
 * mail setup (MAIL_NOT_CONFIGURED), someone chosen (MAIL_NO_RECIPIENTS) and at most CAMPAIGN_MAX
 * recipients (MAIL_TOO_MANY_RECIPIENTS). The campaign and its mails are written in one transaction.
 */
export async function sendCampaign(
  db: DB,
  context: { conferenceId: number; timeZone: string; title: LocalizedText; userId: string },
  input: CampaignInput,
): Promise<{ campaignId: number; recipients: number }> {
  if (!(await hasActiveMailConfig(db, context.conferenceId))) throw new AppError('MAIL_NOT_CONFIGURED');
  if (!input.all && input.ids.length === 0) throw new AppError('MAIL_NO_RECIPIENTS');
  const selection = input.all ? { filters: input.filters } : { ids: input.ids };
  const recipients = await registrantsForMail(db, {
    conferenceId: context.conferenceId,
    timeZone: context.timeZone,
    selection,
    limit: CAMPAIGN_MAX + 1,
  });
  if (recipients.length === 0) throw new AppError('MAIL_NO_RECIPIENTS');
  if (recipients.length > CAMPAIGN_MAX) throw new AppError('MAIL_TOO_MANY_RECIPIENTS', { max: CAMPAIGN_MAX });
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(mailCampaign)
      .values({
        conferenceId: context.conferenceId,
        subject: input.subject,
        body: input.body,
        recipients: recipients.length,
        sentBy: context.userId,
      })
      .returning({ id: mailCampaign.id });
    for (const person of recipients) {
      const locale: Locale = isLocale(person.locale) ? person.locale : 'zh';
      const vars = { name: person.name, conference: localized(context.title, locale), code: person.code, email: person.email };
      await enqueueRendered(tx, context.conferenceId, {
        template: 'campaign',
        locale,
        to: person.email,
        campaignId: campaign.id,
        ...renderCustomMail(input.subject[locale], input.body[locale], locale, vars),
      });
    }
    return { campaignId: campaign.id, recipients: recipients.length };
  });
}

export type CampaignSummary = {
  id: number;
  createdAt: Date;
  subject: LocalizedText;
  recipients: number;
  delivered: number;
  failed: number;
};

/** The conference's bulk mails, newest first, with delivered and failed counts read from the outbox. */
export async function listCampaigns(db: Executor, conferenceId: number, limit = 50): Promise<CampaignSummary[]> {
  const rows = await db
    .select({
      id: mailCampaign.id,
      createdAt: mailCampaign.createdAt,
      subject: mailCampaign.subject,
      recipients: mailCampaign.recipients,
      delivered: sql<number>`count(${mailOutbox.id}) filter (where ${mailOutbox.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(${mailOutbox.id}) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
    })
    .from(mailCampaign)
    .leftJoin(mailOutbox, and(eq(mailOutbox.campaignId, mailCampaign.id), eq(mailOutbox.conferenceId, mailCampaign.conferenceId)))
    .where(eq(mailCampaign.conferenceId, conferenceId))
    .groupBy(mailCampaign.id)
    .orderBy(desc(mailCampaign.createdAt), desc(mailCampaign.id))
    .limit(limit);
  return rows;
}
