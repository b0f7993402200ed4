import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import { ZIsoDate } from '@/lib/validation/primitives';
import { COUNTRY_CODES } from './countries';
import { RULE_TYPES, ZCodePrefix } from './rule-types';

/** Basic registration config of spec §3, with the register module and cap switches of the conference. */
export const ZBasicConfig = z
  .object({
    instructions: zLocalized({ max: 20000, rich: true }),
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    registerModuleEnabled: z.boolean(),
    registerFlag: z.boolean(),
    registerNum: z.coerce.number({ error: 'numberInvalid' }).int('numberInvalid').min(1, 'numberInvalid').max(100000, 'numberInvalid'),
    countryOptions: z
      .array(z.string().refine((c) => COUNTRY_CODES.includes(c), 'invalidChoice'))
      .max(300)
      .default([]),
    costsSet: z.boolean().default(false),
    ruleType: z.enum(RULE_TYPES).default('REGISTER_FIRST_AND_PAY_LATER'),
    codePrefix: ZCodePrefix,
  })
  .superRefine((value, ctx) => {
    if (value.startDate > value.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'dateOrder' });
  });
export type BasicConfig = z.output<typeof ZBasicConfig>;
