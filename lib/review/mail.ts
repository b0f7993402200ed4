import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import type { Executor } from '@/db/client';
import { conference, reviewer, user } from '@/db/schema';
import type { MailTemplateName } from '@/emails/templates';
import { isLocale, localized, type Locale } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { displayPersonName } from '@/lib/people/person-name';

export type ConferenceFacts = { languageType: number; titleText: { zh: string; en: string } };

/** A conference forced to one language (1 zh, 2 en) writes in it; null when both are served. */
export function forcedLanguage(languageType: number): Locale | null {
  if (languageType === 1) return 'zh';
  if (languageType === 2) return 'en';
  return null;
}

/**
 * The language to write to a submitter in: the site's only language when it serves one, else the
 * language the author submitted in (submission.locale).
 */
export function submitterLocale(languageType: number, submitted: string): Locale {
  return forcedLanguage(languageType) ?? (isLocale(submitted) ? submitted : 'zh');
}

/** Staff mail (reviewers, chairs): the site's only language, else the reviewer's own (reviewer.locale). */
export function staffLocale(languageType: number, preferred: string): Locale {
  return forcedLanguage(languageType) ?? (isLocale(preferred) ? preferred : 'zh');
}

export async function conferenceFacts(db: Executor, conferenceId: number): Promise<ConferenceFacts> {
  const [row] = await db
    .select({ title: conference.title, languageType: conference.languageType })
    .from(conference)
    .where(eq(conference.id, conferenceId));
  return { languageType: row?.languageType ?? 3, titleText: row?.title ?? { zh: '', en: '' } };
}

/** Queues one review mail in the caller's transaction, with the conference title in the mail's language. */
export async function queueReviewMail(
  db: Executor,
  conferenceId: number,
  facts: ConferenceFacts,
  mail: { to: string; template: MailTemplateName; locale: Locale; vars: Record<string, string | number> },
): Promise<void> {
  await enqueueMail(db, {
    conferenceId,
    to: mail.to,
    template: mail.template,
    locale: mail.locale,
    vars: { conference: localized(facts.titleText, mail.locale), ...mail.vars },
  });
}

/** A reviewer's address and the name to greet them with. */
export function reviewerGreeting(row: {
  email: string;
  fullName: string;
  firstName: string;
  lastName: string;
  middleName?: string;
}): string {
  return displayPersonName({ full: row.fullName, family: row.lastName, given: row.firstName, middle: row.middleName }, row.email);
}

/** The active chairs of the conference, to tell about reviews. */
export async function activeChairs(db: Executor, conferenceId: number) {
  return db
    .select({
      email: reviewer.email,
      fullName: reviewer.fullName,
      firstName: reviewer.firstName,
      lastName: reviewer.lastName,
      middleName: reviewer.middleName,
      locale: reviewer.locale,
      accountEmail: user.email,
    })
    .from(reviewer)
    .leftJoin(user, eq(user.id, reviewer.userId))
    .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.role, 'chair'), eq(reviewer.active, true)));
}

/** Where the review screens are, for the links in the mails. */
export function reviewLink(origin: string, locale: Locale, path: string): string {
  return `${origin}${locale === 'en' ? '/en' : ''}${path}`;
}

type Translate = (key: string, values?: Record<string, string | number>) => string;
const translators = new Map<Locale, Translate>();

/** The "review" messages for server-written texts (mail lines), in one language. */
export function reviewTranslator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator({ locale, messages: locale === 'en' ? en : zh, namespace: 'review' }) as unknown as Translate;
    translators.set(locale, t);
  }
  return t;
}
