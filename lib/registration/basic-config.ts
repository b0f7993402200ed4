import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DB, Executor } from '@/db/client';
import { conference, registrationConfig } from '@/db/schema';
import { forgetConferenceCache } from '@/lib/tenancy/resolve-conference';
import { COUNTRY_CODES } from './countries';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Basic registration config of spec §3, with the register module and cap switches of the conference. */
export const ZBasicConfig = z
  .object({
    instructions: z.object({ zh: z.string().max(20000, 'tooLong'), en: z.string().max(20000, 'tooLong') }),
    startDate: z.string().regex(DATE, 'dateInvalid'),
    endDate: z.string().regex(DATE, 'dateInvalid'),
    registerModuleEnabled: z.boolean(),
    registerFlag: z.boolean(),
    registerNum: z.coerce.number({ error: 'numberInvalid' }).int('numberInvalid').min(1, 'numberInvalid').max(100000, 'numberInvalid'),
    countryOptions: z.array(z.string().refine((c) => COUNTRY_CODES.includes(c), 'invalidChoice')).max(300).default([]),
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
  };
}

/** Saves the basic config and the conference switches together. */
export async function saveBasicConfig(db: DB, conferenceId: number, input: BasicConfig): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(conference)
      .set({ registerModuleEnabled: input.registerModuleEnabled, registerFlag: input.registerFlag, registerNum: input.registerNum, updatedAt: now })
      .where(eq(conference.id, conferenceId));
    const values = { instructions: input.instructions, startDate: input.startDate, endDate: input.endDate, countryOptions: input.countryOptions, updatedAt: now };
    await tx.insert(registrationConfig).values({ conferenceId, ...values }).onConflictDoUpdate({ target: registrationConfig.conferenceId, set: values });
  });
  forgetConferenceCache();
}
