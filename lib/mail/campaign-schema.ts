import { z } from 'zod';
import { locales } from '@/lib/i18n/localized';
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX, unknownPlaceholders } from './template-schema';

/** Spec §9: at most 20 users per bulk mail is recommended; more than 500 at once is refused. */
export const CAMPAIGN_RECOMMENDED = 20;
export const CAMPAIGN_MAX = 500;

/** The placeholders a bulk mail may use, filled per recipient in their language. */
export const CAMPAIGN_VARS = ['name', 'conference', 'code', 'email'] as const;

const subject = z
  .string('fieldRequired')
  .trim()
  .min(1, 'fieldRequired')
  .max(MAIL_SUBJECT_MAX, 'tooLong')
  .refine((s) => !/[\r\n]/.test(s), 'hotelMailSubjectLine');
const body = z.string('fieldRequired').trim().min(1, 'fieldRequired').max(MAIL_BODY_MAX, 'tooLong');

/** A bulk mail's subject and plain-text body, both in zh and en (browser and server alike). */
export const ZCampaignMessage = z
  .object({
    subject: z.object({ zh: subject, en: subject }),
    body: z.object({ zh: body, en: body }),
  })
  .superRefine((value, ctx) => {
    for (const field of ['subject', 'body'] as const) {
      for (const locale of locales) {
        if (unknownPlaceholders(value[field][locale], CAMPAIGN_VARS).length > 0) {
          ctx.addIssue({ code: 'custom', path: [field, locale], message: 'hotelMailUnknownVar' });
        }
      }
    }
  });
export type CampaignMessage = z.output<typeof ZCampaignMessage>;
