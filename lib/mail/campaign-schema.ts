import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import { locales } from '@/lib/i18n/localized';
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX, unknownPlaceholders } from './template-schema';

/** Spec §9: at most 20 users per bulk mail is recommended; more than 500 at once is refused. */
export const CAMPAIGN_RECOMMENDED = 20;
export const CAMPAIGN_MAX = 500;

/** The placeholders a bulk mail may use, filled per recipient in their language. */
export const CAMPAIGN_VARS = ['name', 'conference', 'code', 'email'] as const;

const required = { required: 'fieldRequired', notText: 'fieldRequired' };
const subject = zLocalized({
  max: MAIL_SUBJECT_MAX,
  required: true,
  messages: required,
  refine: { check: (s) => !/[\r\n]/.test(s), message: 'hotelMailSubjectLine' },
});
const body = zLocalized({ max: MAIL_BODY_MAX, required: true, messages: required });

/** A bulk mail's subject and plain-text body, both in zh and en (browser and server alike). */
export const ZCampaignMessage = z
  .object({
    subject,
    body,
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
