import { and, asc, eq, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { registrationConfig, registrationField } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { COMMON_FIELDS, defaultFields, LOCKED_KEYS, ZFieldInput, type FormField } from './fields';
import type { z } from 'zod';

const VERSION = 'default';

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

/** The form of a conference: its configured fields, or the defaults until an organiser changes one. */
export async function loadFields(db: Executor, conferenceId: number, version = VERSION): Promise<FormField[]> {
  const rows = await db
    .select()
    .from(registrationField)
    .where(and(eq(registrationField.conferenceId, conferenceId), eq(registrationField.version, version)))
    .orderBy(asc(registrationField.sortOrder), asc(registrationField.id));
  return rows.length ? rows.map(toField) : defaultFields();
}

export async function loadCountryOptions(db: Executor, conferenceId: number): Promise<string[]> {
  const [row] = await db
    .select({ countries: registrationConfig.countryOptions })
    .from(registrationConfig)
    .where(eq(registrationConfig.conferenceId, conferenceId));
  return row?.countries ?? [];
}

/** Writes the defaults as rows the first time the form is changed (under a lock, once). */
async function materialise(tx: Executor, conferenceId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fields:${conferenceId}`}))`);
  const [any] = await tx
    .select({ id: registrationField.id })
    .from(registrationField)
    .where(and(eq(registrationField.conferenceId, conferenceId), eq(registrationField.version, VERSION)))
    .limit(1);
  if (any) return;
  await tx.insert(registrationField).values(
    defaultFields().map((f) => ({ conferenceId, version: VERSION, fieldKey: f.key, kind: f.kind, type: f.type, label: f.label, options: f.options, required: f.required, enabled: f.enabled, sortOrder: f.sortOrder })),
  );
}

const fieldWhere = (conferenceId: number, key: string) =>
  and(eq(registrationField.conferenceId, conferenceId), eq(registrationField.version, VERSION), eq(registrationField.fieldKey, key));

/** Adds a custom item (no key) or changes one; returns its key. */
export async function saveCustomField(db: DB, conferenceId: number, input: z.output<typeof ZFieldInput>): Promise<string> {
  return db.transaction(async (tx) => {
    await materialise(tx, conferenceId);
    const values = { type: input.type, label: input.label, options: input.options, required: input.required, enabled: input.enabled };
    if (input.key) {
      const updated = await tx
        .update(registrationField)
        .set(values)
        .where(and(fieldWhere(conferenceId, input.key), eq(registrationField.kind, 'custom')))
        .returning({ key: registrationField.fieldKey });
      if (!updated.length) throw new AppError('FIELD_NOT_FOUND', 'fieldNotFound', 404);
      return input.key;
    }
    const [{ next, order }] = await tx
      .select({
        next: sql<number>`coalesce(max(case when ${registrationField.fieldKey} ~ '^custom_[0-9]+$' then substring(${registrationField.fieldKey} from 8)::int end), 0) + 1`,
        order: sql<number>`coalesce(max(${registrationField.sortOrder}), 0) + 10`,
      })
      .from(registrationField)
      .where(and(eq(registrationField.conferenceId, conferenceId), eq(registrationField.version, VERSION)));
    const key = `custom_${Number(next)}`;
    await tx.insert(registrationField).values({ conferenceId, version: VERSION, fieldKey: key, kind: 'custom', sortOrder: Number(order), ...values });
    return key;
  });
}

/** Switches a common item on or off, or makes it required; name and email always stay on. */
export async function saveCommonSwitches(db: DB, conferenceId: number, key: string, switches: { enabled: boolean; required: boolean }): Promise<void> {
  if (!COMMON_FIELDS.some((f) => f.key === key)) throw new AppError('FIELD_NOT_FOUND', 'fieldNotFound', 404);
  if (LOCKED_KEYS.includes(key) && (!switches.enabled || !switches.required)) throw new AppError('FIELD_LOCKED', 'fieldLocked', 400);
  await db.transaction(async (tx) => {
    await materialise(tx, conferenceId);
    await tx.update(registrationField).set({ enabled: switches.enabled, required: switches.enabled && switches.required }).where(fieldWhere(conferenceId, key));
  });
}

/** Deletes a custom item; common items can only be switched off. */
export async function deleteCustomField(db: DB, conferenceId: number, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    await materialise(tx, conferenceId);
    const deleted = await tx
      .delete(registrationField)
      .where(and(fieldWhere(conferenceId, key), eq(registrationField.kind, 'custom')))
      .returning({ key: registrationField.fieldKey });
    if (!deleted.length) throw new AppError('FIELD_NOT_DELETABLE', 'fieldNotDeletable', 400);
  });
}

/** Moves an item one place up or down. */
export async function moveField(db: DB, conferenceId: number, key: string, direction: 'up' | 'down'): Promise<void> {
  await db.transaction(async (tx) => {
    await materialise(tx, conferenceId);
    const fields = await loadFields(tx, conferenceId);
    const index = fields.findIndex((f) => f.key === key);
    const other = direction === 'up' ? index - 1 : index + 1;
    if (index < 0) throw new AppError('FIELD_NOT_FOUND', 'fieldNotFound', 404);
    if (other < 0 || other >= fields.length) return;
    const order = fields.map((f) => f.key);
    [order[index], order[other]] = [order[other], order[index]];
    for (const [i, fieldKey] of order.entries()) {
      await tx.update(registrationField).set({ sortOrder: (i + 1) * 10 }).where(fieldWhere(conferenceId, fieldKey));
    }
  });
}
