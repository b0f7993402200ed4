import type { Executor } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { renderMail, type MailTemplateName } from '@/emails/templates';
import type { Locale } from '@/lib/i18n/localized';

export type MailRequest = {
  conferenceId: number | null;
  to: string;
  template: MailTemplateName;
  locale: Locale;
  vars: Record<string, string | number>;
};

/**
 * Queues a mail. Call it with the transaction that makes the change the mail tells about,
 * so the mail exists exactly when the change does; the worker sends it.
 */
export async function enqueueMail(db: Executor, mail: MailRequest): Promise<number> {
  const rendered = renderMail(mail.template, mail.locale, mail.vars);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      conferenceId: mail.conferenceId,
      template: mail.template,
      locale: mail.locale,
      toAddress: mail.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}
