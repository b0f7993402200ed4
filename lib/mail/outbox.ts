import type { Executor } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import type { MailTemplateName } from '@/emails/templates';
import type { Locale } from '@/lib/i18n/localized';
import type { MailAttachmentRef } from './attachment-ref';
import { platformName } from './platform-name';
import { renderConferenceMail } from './template-overrides';

export type MailRequest = {
  conferenceId: number | null;
  to: string;
  template: MailTemplateName;
  locale: Locale;
  vars: Record<string, string | number>;
  /** A file the worker draws and attaches when it sends (lib/mail/attachments.ts). */
  attachment?: MailAttachmentRef;
};

/**
 * Queues a mail. Call it with the transaction that makes the change the mail tells about,
 * so the mail exists exactly when the change does; the worker sends it. A conference's mail is
 * worded as its organisers wrote the template (/platform/config/email), else the built-in way.
 * `{platform}` is always the platform's own name (account mail names nothing else); which SMTP
 * carries the mail is the catalog's decision (MAIL_KINDS in ./template-catalog).
 */
export async function enqueueMail(db: Executor, mail: MailRequest): Promise<number> {
  return enqueueRendered(db, mail.conferenceId, {
    template: mail.template,
    locale: mail.locale,
    to: mail.to,
    attachment: mail.attachment,
    ...(await renderConferenceMail(db, mail.conferenceId, mail.template, mail.locale, {
      ...mail.vars,
      platform: platformName(mail.locale),
    })),
  });
}

/** Queues a mail already rendered (its texts final), in the caller's transaction. */
export async function enqueueRendered(
  db: Executor,
  conferenceId: number | null,
  mail: {
    template: string;
    locale: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    campaignId?: number;
    attachment?: MailAttachmentRef;
  },
): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      conferenceId,
      template: mail.template,
      locale: mail.locale,
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      campaignId: mail.campaignId ?? null,
      attachment: mail.attachment ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}
