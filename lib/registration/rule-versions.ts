import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conference, conferenceRegistration, registrationConfig, registrationField, registrationRule } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';
import { forgetConferenceCache } from '@/lib/tenancy/resolve-conference';
import { RULE_TYPES } from './rule-types';
import { type Rule, type RuleValues } from './rule-versions-schema';

export { ZRule, type Rule, type RuleInput } from './rule-versions-schema';
import { activeVersion, DEFAULT_VERSION, loadFields, materialise } from './field-config';

/** A stored version as the schema's values. */
function fromRow(r: typeof registrationRule.$inferSelect): Rule {
  return {
    version: r.version,
    startDate: r.startDate ?? '',
    endDate: r.endDate ?? '',
    ruleType: r.ruleType as Rule['ruleType'],
    costsSet: r.costsSet,
    registerFlag: r.registerFlag,
    registerNum: r.registerNum,
    codePrefix: r.codePrefix,
    description: r.description as LocalizedText,
  };
}

/** The live values of the version in use (registration_config and the conference's cap switches). */
async function liveRule(db: Executor, conferenceId: number): Promise<Rule & { active: true }> {
  const [row] = await db
    .select({ conference, config: registrationConfig })
    .from(conference)
    .leftJoin(registrationConfig, eq(registrationConfig.conferenceId, conference.id))
    .where(eq(conference.id, conferenceId));
  return {
    version: row.config?.ruleVersion ?? DEFAULT_VERSION,
    startDate: row.config?.startDate ?? '',
    endDate: row.config?.endDate ?? '',
    ruleType: (RULE_TYPES as readonly string[]).includes(row.config?.ruleType ?? '')
      ? (row.config!.ruleType as Rule['ruleType'])
      : 'REGISTER_FIRST_AND_PAY_LATER',
    costsSet: row.config?.costsSet ?? false,
    registerFlag: row.conference.registerFlag,
    registerNum: row.conference.registerNum,
    codePrefix: row.config?.codePrefix ?? '',
    description: { zh: '', en: '' },
    active: true,
  };
}

/**
 * Every rule version of a conference (getRuleVersion; 'default' first, then by age), the one in use
 * marked. The version in use
 * always appears: with its stored description, or from the live values before it was ever saved.
 */
export async function listRules(db: Executor, conferenceId: number): Promise<(Rule & { active: boolean })[]> {
  const [rows, live] = await Promise.all([
    db
      .select()
      .from(registrationRule)
      .where(eq(registrationRule.conferenceId, conferenceId))
      .orderBy(sql`${registrationRule.version} <> ${DEFAULT_VERSION}`, asc(registrationRule.createdAt), asc(registrationRule.id)),
    liveRule(db, conferenceId),
  ]);
  const rules = rows.map((r) => ({ ...fromRow(r), active: r.version === live.version }));
  // The live values are the truth for the version in use.
  const mine = rules.find((r) => r.active);
  if (mine) Object.assign(mine, { ...live, description: mine.description });
  return mine ? rules : [live, ...rules];
}

export async function findRule(db: Executor, conferenceId: number, version?: string) {
  const rules = await listRules(db, conferenceId);
  return (version ? rules.find((r) => r.version === version) : rules.find((r) => r.active)) ?? null;
}

/** Writes a version's values as the live ones: registration_config and the conference's cap switches. */
export async function writeLive(tx: Executor, conferenceId: number, version: string, values: RuleValues): Promise<void> {
  const now = new Date();
  await tx
    .update(conference)
    .set({ registerFlag: values.registerFlag, registerNum: values.registerNum, updatedAt: now })
    .where(eq(conference.id, conferenceId));
  const config = {
    ruleVersion: version,
    startDate: values.startDate,
    endDate: values.endDate,
    ruleType: values.ruleType,
    costsSet: values.costsSet,
    codePrefix: values.codePrefix,
    updatedAt: now,
  };
  await tx
    .insert(registrationConfig)
    .values({ conferenceId, ...config })
    .onConflictDoUpdate({ target: registrationConfig.conferenceId, set: config });
}

/** Stores a version's row (insert or update). */
export async function upsertRuleRow(tx: Executor, conferenceId: number, rule: Rule): Promise<void> {
  const values = {
    startDate: rule.startDate,
    endDate: rule.endDate,
    ruleType: rule.ruleType,
    costsSet: rule.costsSet,
    registerFlag: rule.registerFlag,
    registerNum: rule.registerNum,
    codePrefix: rule.codePrefix,
    description: rule.description,
    updatedAt: new Date(),
  };
  await tx
    .insert(registrationRule)
    .values({ conferenceId, version: rule.version, ...values })
    .onConflictDoUpdate({ target: [registrationRule.conferenceId, registrationRule.version], set: values });
}

/**
 * Saves a rule version (saveRules). A new version starts with a copy of the form in use; saving
 * the version in use changes the live values too, in the same transaction.
 */
export async function saveRule(db: DB, conferenceId: number, rule: Rule): Promise<{ version: string; created: boolean }> {
  const active = await activeVersion(db, conferenceId);
  const existing = await db
    .select({ id: registrationRule.id })
    .from(registrationRule)
    .where(and(eq(registrationRule.conferenceId, conferenceId), eq(registrationRule.version, rule.version)));
  const created = !existing.length && rule.version !== active;
  const formInUse = created ? await loadFields(db, conferenceId, active) : undefined;
  await db.transaction(async (tx) => {
    await upsertRuleRow(tx, conferenceId, rule);
    if (rule.version === active) await writeLive(tx, conferenceId, rule.version, rule);
    if (formInUse) await materialise(tx, conferenceId, rule.version, formInUse);
  });
  forgetConferenceCache();
  return { version: rule.version, created };
}

/** Makes a saved version the one new registrations use; its values become the live ones. */
export async function useRule(db: DB, conferenceId: number, version: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(registrationRule)
      .where(and(eq(registrationRule.conferenceId, conferenceId), eq(registrationRule.version, version)));
    if (!row) throw new AppError('VERSION_NOT_FOUND');
    // Keep what the version in use has now, so switching back restores it.
    const current = await liveRule(tx, conferenceId);
    const [stored] = await tx
      .select({ description: registrationRule.description })
      .from(registrationRule)
      .where(and(eq(registrationRule.conferenceId, conferenceId), eq(registrationRule.version, current.version)));
    await upsertRuleRow(tx, conferenceId, { ...current, description: (stored?.description as LocalizedText) ?? current.description });
    await writeLive(tx, conferenceId, version, fromRow(row));
  });
  forgetConferenceCache();
}

/** Deletes a version and its form; the version in use, or one registrations were made under, stays. */
export async function deleteRule(db: DB, conferenceId: number, version: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (version === (await activeVersion(tx, conferenceId))) throw new AppError('VERSION_IN_USE');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(conferenceRegistration)
      .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.version, version)));
    if (n > 0) throw new AppError('VERSION_IN_USE');
    const deleted = await tx
      .delete(registrationRule)
      .where(and(eq(registrationRule.conferenceId, conferenceId), eq(registrationRule.version, version)))
      .returning({ id: registrationRule.id });
    if (!deleted.length) throw new AppError('VERSION_NOT_FOUND');
    await tx.delete(registrationField).where(and(eq(registrationField.conferenceId, conferenceId), eq(registrationField.version, version)));
  });
}
