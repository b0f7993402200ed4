import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import { locales, type Locale } from '@/lib/i18n/localized';

/**
 * The form of an organiser's mail template (a conference's override of one of emails/templates.ts,
 * the hotel booking mail among them; browser and server alike, no server code here).
 */

export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 10_000;

/** The `{name}` placeholders of a text, as the mail renderer fills them (a word in braces). */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))];
}

/** The placeholders of a text that are not among `vars`. */
export function unknownPlaceholders(text: string, vars: readonly string[]): string[] {
  return placeholdersIn(text).filter((name) => !vars.includes(name));
}

/** A text with its known placeholders filled (unknown ones are left as written), for the preview. */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}

const oneLine = { check: (s: string) => !/[\r\n]/.test(s), message: 'hotelMailSubjectLine' };
const subject = zLocalized({ max: MAIL_SUBJECT_MAX, messages: { notText: 'fieldRequired' }, refine: oneLine });
const body = zLocalized({ max: MAIL_BODY_MAX, messages: { notText: 'fieldRequired' } });

/**
 * The organiser's subject and plain-text body in zh and en. A field left empty falls back to the
 * default wording of that language; a placeholder other than `vars` is refused on its field.
 */
export function mailTemplateSchema(vars: readonly string[]) {
  return z
    .object({
      subject,
      body,
    })
    .superRefine((value, ctx) => {
      for (const field of ['subject', 'body'] as const) {
        for (const locale of locales) {
          if (unknownPlaceholders(value[field][locale], vars).length > 0) {
            ctx.addIssue({ code: 'custom', path: [field, locale], message: 'hotelMailUnknownVar' });
          }
        }
      }
    });
}
export type MailTemplateInput = z.output<ReturnType<typeof mailTemplateSchema>>;

/** Whether every field is empty: the template says nothing of its own (the default is used). */
export function isEmptyTemplate(t: MailTemplateInput): boolean {
  return locales.every((l: Locale) => !t.subject[l] && !t.body[l]);
}

/** The shape of any template's form (each template's own placeholders are checked by mailTemplateSchema). */
export const ZMailTemplateShape = z.object({
  subject,
  body,
});
