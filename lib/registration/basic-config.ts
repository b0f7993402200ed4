import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import type { DB, Executor } from '@/db/client';
import { conference, registrationConfig, registrationRule } from '@/db/schema';
import { forgetConferenceCache } from '@/lib/tenancy/resolve-conference';
import { COUNTRY_CODES } from './countries';
import { RULE_TYPES } from './rule-types';
import { ZIsoDate } from '@/lib/validation/primitives';

export { RULE_TYPES };

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
    codePrefix: z
      .string()
      .trim()
      .max(12, 'tooLong')
      .regex(/^[A-Za-z0-9_-]*$/, 'codePrefixInvalid')
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.startDate > value.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'dateOrder' });
  });
export type BasicConfig = z.output<typeof ZBasicConfig>;

export async function findBasicConfig(db: Executor, conferenceId: number): Promise<BasicConfig> {
  const [row] = await db
    .select({ conference, config: registrationConfig })
    .from(conference)
    .leftJoin(registrationConfig, eq(registrationConfig.conferenceId, conference.id))
    .where(eq(conference.id, conferenceId));
  return {
    instructions: row.config?.instructions ?? { zh: '', en: '' },
    startDate: row.config?.startDate ?? '',
    endDate: row.config?.endDate ?? '',
    registerModuleEnabled: row.conference.registerModuleEnabled,
    registerFlag: row.conference.registerFlag,
    registerNum: row.conference.registerNum,
    countryOptions: row.config?.countryOptions ?? [],
    costsSet: row.config?.costsSet ?? false,
    ruleType: (RULE_TYPES as readonly string[]).includes(row.config?.ruleType ?? '')
      ? (row.config!.ruleType as BasicConfig['ruleType'])
      : 'REGISTER_FIRST_AND_PAY_LATER',
    codePrefix: row.config?.codePrefix ?? '',
  };
}

/** Saves the basic config and the conference switches together. */
export async function saveBasicConfig(db: DB, conferenceId: number, input: BasicConfig): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(conference)
      .set({
        registerModuleEnabled: input.registerModuleEnabled,
        registerFlag: input.registerFlag,
        registerNum: input.registerNum,
        updatedAt: now,
      })
      .where(eq(conference.id, conferenceId));
    const values = {
      instructions: input.instructions,
      startDate: input.startDate,
      endDate: input.endDate,
      countryOptions: input.countryOptions,
      costsSet: input.costsSet,
      ruleType: input.ruleType,
      codePrefix: input.codePrefix,
      updatedAt: now,
    };
    await tx
      .insert(registrationConfig)
      .values({ conferenceId, ...values })
      .onConflictDoUpdate({ target: registrationConfig.conferenceId, set: values });
    // The basics edit the rule version in use: its stored row follows.
    const [{ version }] = await tx
      .select({ version: registrationConfig.ruleVersion })
      .from(registrationConfig)
      .where(eq(registrationConfig.conferenceId, conferenceId));
    await tx
      .update(registrationRule)
      .set({
        startDate: input.startDate,
        endDate: input.endDate,
        ruleType: input.ruleType,
        costsSet: input.costsSet,
        registerFlag: input.registerFlag,
        registerNum: input.registerNum,
        codePrefix: input.codePrefix,
        updatedAt: now,
      })
      .where(and(eq(registrationRule.conferenceId, conferenceId), eq(registrationRule.version, version)));
  });
  forgetConferenceCache();
}
