import { z } from 'zod';
import { EMPTY_LOCALIZED, zLocalized } from '@/lib/validation/localized';
import { RULE_TYPES, ZCodePrefix } from './rule-types';
import { ZIsoDate } from '@/lib/validation/primitives';

/** A registration rule version as the organiser edits it (spec §3 registration rule). */
export const ZRule = z
  .object({
    version: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,30}$/, 'versionInvalid'),
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    ruleType: z.enum(RULE_TYPES),
    costsSet: z.boolean(),
    registerFlag: z.boolean(),
    registerNum: z.coerce.number({ error: 'numberInvalid' }).int('numberInvalid').min(1, 'numberInvalid').max(100000, 'numberInvalid'),
    codePrefix: ZCodePrefix,
    description: zLocalized({ max: 2000 }).default(EMPTY_LOCALIZED),
  })
  .superRefine((value, ctx) => {
    if (value.startDate > value.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'dateOrder' });
  });
export type RuleInput = z.input<typeof ZRule>;
export type Rule = z.output<typeof ZRule>;
export type RuleValues = Omit<Rule, 'version' | 'description'>;
