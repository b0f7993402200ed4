import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@/lib/i18n/format';
import { DISCIPLINES } from './disciplines';
import { ZId, ZOptionalIsoDate } from '@/lib/validation/primitives';

/** Cover image limit of spec §5 (banner, pictures in pages): jpg/png up to 10 MB (the browser's check and the server's). */
export const BANNER_MAX_BYTES = 10 * 1024 * 1024;

const text = (max: number) => z.string().trim().max(max, 'tooLong');
const both = (max: number, required = false) => zLocalized({ max, required, messages: { required: 'labelRequired' } });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** A host name: labels of letters, digits and dashes, at least one dot. */
const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The website config of spec §3 as the organiser edits it (status and administrators have their own calls). */
export const ZWebsiteConfig = z
  .object({
    title: both(200, true),
    title2: both(200),
    title3: both(200),
    shortTitle: both(60, true),
    department: both(200),
    discipline: z.union([z.literal(''), z.string().refine((c) => DISCIPLINES.some((d) => d.code === c), 'invalidChoice')]).default(''),
    startDate: ZOptionalIsoDate,
    endDate: ZOptionalIsoDate,
    city: both(60),
    address: both(200),
    languageType: z.coerce.number().int().min(1).max(3),
    /** The IANA time zone the conference's dates and times are shown in. */
    timeZone: z.string().trim().refine(isTimeZone, 'timeZoneInvalid').default(DEFAULT_TIME_ZONE),
    recordNumber: text(60).default(''),
    /** A published content page shown on the home page (null: none). */
    homePageId: ZId.nullable().default(null),
    domains: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(DOMAIN, 'domainInvalid')
          .refine((d) => d !== 'localhost' && !d.endsWith('.localhost'), 'domainReserved'),
      )
      .max(5)
      .default([]),
    contacts: z
      .array(
        z.object({
          name: both(60, true),
          phone: text(40),
          email: z.union([z.literal(''), z.string().trim().regex(EMAIL, 'emailInvalid')]),
        }),
      )
      .max(5)
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'dateOrder' });
    if (new Set(v.domains).size !== v.domains.length) ctx.addIssue({ code: 'custom', path: ['domains'], message: 'domainDuplicate' });
  });
export type WebsiteConfigInput = z.input<typeof ZWebsiteConfig>;
export type WebsiteConfigValues = z.output<typeof ZWebsiteConfig>;

/** A platform administrator's decision on a requested domain. */
export const ZDomainDecision = z.object({ domain: z.string().trim().toLowerCase().max(253), approve: z.boolean() });
