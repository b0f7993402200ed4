import { and, asc, eq, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { registrationConfig, registrationField } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { COMMON_FIELDS, completeForm, defaultFields, LOCKED_KEYS, ZFieldInput, type FormField } from './fields';
import type { z } from 'zod';

export const DEFAULT_VERSION = 'default';

/** The rule version new registrations use (registration_config.rule_version). */
export async function activeVersion(db: Executor, conferenceId: number): Promise<string> {
  const [row] = await db
    .select({ version: registrationConfig.ruleVersion })
    .from(registrationConfig)
    .where(eq(registrationConfig.conferenceId, conferenceId));
  return row?.version ?? DEFAULT_VERSION;
}

function toField(row: typeof registrationField.$inferSelect): FormField {
  return {
    key: row.fieldKey,
    kind: row.kind === 'custom' ? 'custom' : 'common',
    type: row.type,
    label: row.label,
    options: row.options,
    required: row.required,
    enabled: row.enabled,
    sortOrder: row.sortOrder,
  };
}

/**
 * The form of a rule version (the version in use when none is named): its configured fields, or
 * the defaults until an organiser changes one.
 */
export async function loadFields(db: Executor, conferenceId: number, version?: string): Promise<FormField[]> {
  version ??= await activeVersion(db, conferenceId);
  const rows = await db
    .select()
    .from(registrationField)
    .where(and(eq(registrationField.conferenceId, conferenceId), eq(registrationField.version, version)))
    .orderBy(asc(registrationField.sortOrder), asc(registrationField.id));
  return completeForm(rows.map(toField));
}

/**
 * One column set for registrants of several versions: the version in use first, then the items
 * only other versions have (the same key is the same item).
 */
export async function fieldsOfVersions(db: Executor, conferenceId: number, versions: string[]): Promise<FormField[]> {
  const active = await activeVersion(db, conferenceId);
  const forms = await Promise.all([active, ...new Set(versions.filter((v) => v !== active))].map((v) => loadFields(db, conferenceId, v)));
  const merged = new Map<string, FormField>();
  for (const form of forms)
    for (const field of form) if (!merged.has(field.key) && (field.enabled || form === forms[0])) merged.set(field.key, field);
  let order = 0;
  return [...merged.values()].map((f) => ({ ...f, sortOrder: (order += 10) }));
}

export async function loadCountryOptions(db: Executor, conferenceId: number): Promise<string[]> {
  const [row] = await db
    .select({ countries: registrationConfig.countryOptions })
    .from(registrationConfig)
    .where(eq(registrationConfig.conferenceId, conferenceId));
  return row?.countries ?? [];
}

/**
 * Writes a version's form as rows the first time it is changed (under a lock, once): a copy of
 * `from` (another version's form) or the defaults.
 */
export async function materialise(tx: Executor, conferenceId: number, version: string, from?: FormField[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fields:${conferenceId}:${version}`}))`);
  const [any] = await tx
    .select({ id: registrationField.id })
    .from(registrationField)
    .where(and(eq(registrationField.conferenceId, conferenceId), eq(registrationField.version, version)))
    .limit(1);
  if (any) return;
  await tx.insert(registrationField).values(
    (from ?? defaultFields()).map((f) => ({
      conferenceId,
      version,
      fieldKey: f.key,
      kind: f.kind,
      type: f.type,
      label: f.label,
      options: f.options,
      required: f.required,
      enabled: f.enabled,
      sortOrder: f.sortOrder,
    })),
  );
}

const fieldWhere = (conferenceId: number, version: string, key: string) =>
  and(eq(registrationField.conferenceId, conferenceId), eq(registrationField.version, version), eq(registrationField.fieldKey, key));

/** Adds a custom item (no key) or changes one; returns its key. */
export async function saveCustomField(
  db: DB,
  conferenceId: number,
  input: z.output<typeof ZFieldInput>,
  version = DEFAULT_VERSION,
): Promise<string> {
  return db.transaction(async (tx) => {
    await materialise(tx, conferenceId, version);
    const values = { type: input.type, label: input.label, options: input.options, required: input.required, enabled: input.enabled };
    if (input.key) {
      const updated = await tx
        .update(registrationField)
        .set(values)
        .where(and(fieldWhere(conferenceId, version, input.key), eq(registrationField.kind, 'custom')))
        .returning({ key: registrationField.fieldKey });
      if (!updated.length) throw new AppError('FIELD_NOT_FOUND');
      return input.key;
    }
    const [{ next, order }] = await tx
      .select({
        next: sql<number>`coalesce(max(case when ${registrationField.fieldKey} ~ '^custom_[0-9]+$' then substring(${registrationField.fieldKey} from 8)::int end), 0) + 1`,
        order: sql<number>`coalesce(max(${registrationField.sortOrder}), 0) + 10`,
      })
      .from(registrationField)
      .where(and(eq(registrationField.conferenceId, conferenceId), eq(registrationField.version, version)));
    const key = `custom_${Number(next)}`;
    await tx
      .insert(registrationField)
      .values({ conferenceId, version, fieldKey: key, kind: 'custom', sortOrder: Number(order), ...values });
    return key;
  });
}

/** Switches a common item on or off, or makes it required; name and email always stay on. */
export async function saveCommonSwitches(
  db: DB,
  conferenceId: number,
  key: string,
  switches: { enabled: boolean; required: boolean },
  version = DEFAULT_VERSION,
): Promise<void> {
  if (!COMMON_FIELDS.some((f) => f.key === key)) throw new AppError('FIELD_NOT_FOUND');
  if (LOCKED_KEYS.includes(key) && (!switches.enabled || !switches.required)) throw new AppError('FIELD_LOCKED');
  await db.transaction(async (tx) => {
    await materialise(tx, conferenceId, version);
    const values = { enabled: switches.enabled, required: switches.enabled && switches.required };
    const updated = await tx
      .update(registrationField)
      .set(values)
      .where(fieldWhere(conferenceId, version, key))
      .returning({ key: registrationField.fieldKey });
    if (!updated.length) {
      // A common item this form never stored (added to the platform later): store it now, last.
      const common = (await loadFields(tx, conferenceId, version)).find((f) => f.key === key)!;
      await tx.insert(registrationField).values({
        conferenceId,
        version,
        fieldKey: key,
        kind: 'common',
        type: common.type,
        label: common.label,
        options: common.options,
        sortOrder: common.sortOrder,
        ...values,
      });
    }
  });
}

/** Deletes a custom item; common items can only be switched off. */
export async function deleteCustomField(db: DB, conferenceId: number, key: string, version = DEFAULT_VERSION): Promise<void> {
  await db.transaction(async (tx) => {
    // Nothing is written for an item that is not there (404) or not a custom one.
    const field = (await loadFields(tx, conferenceId, version)).find((f) => f.key === key);
    if (!field) throw new AppError('FIELD_NOT_FOUND');
    if (field.kind !== 'custom') throw new AppError('FIELD_NOT_DELETABLE');
    await materialise(tx, conferenceId, version);
    const deleted = await tx
      .delete(registrationField)
      .where(and(fieldWhere(conferenceId, version, key), eq(registrationField.kind, 'custom')))
      .returning({ key: registrationField.fieldKey });
    if (!deleted.length) throw new AppError('FIELD_NOT_DELETABLE');
  });
}

/** Moves an item one place up or down. */
export async function moveField(
  db: DB,
  conferenceId: number,
  key: string,
  direction: 'up' | 'down',
  version = DEFAULT_VERSION,
): Promise<void> {
  await db.transaction(async (tx) => {
    await materialise(tx, conferenceId, version);
    const fields = await loadFields(tx, conferenceId, version);
    const index = fields.findIndex((f) => f.key === key);
    const other = direction === 'up' ? index - 1 : index + 1;
    if (index < 0) throw new AppError('FIELD_NOT_FOUND');
    if (other < 0 || other >= fields.length) return;
    const order = fields.map((f) => f.key);
    [order[index], order[other]] = [order[other], order[index]];
    for (const [i, fieldKey] of order.entries()) {
      await tx
        .update(registrationField)
        .set({ sortOrder: (i + 1) * 10 })
        .where(fieldWhere(conferenceId, version, fieldKey));
    }
  });
}
