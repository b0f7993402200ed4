import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { paymentMethod, paymentSettings } from '@/db/schema';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';
import { DEFAULT_ORDER_TIMES } from '@/lib/orders/pay-by';
import { METHOD_FIELDS } from './method-fields';
import { METHOD_KINDS, isOnlineKind, type MethodKind, type ProviderConfig } from './providers/types';
import type { MethodValues } from './schemas';
import { decryptSecrets, encryptSecrets } from '@/lib/server/secrets';

type Settings = Record<string, string | LocalizedText>;

/** Stored secrets, or null when they no longer decrypt (PAYMENT_SECRETS_KEY or the session secret changed). */
function readSecrets(stored: string): Record<string, string> | null {
  try {
    return decryptSecrets(stored);
  } catch {
    console.warn('[payments] stored payment secrets do not decrypt: was PAYMENT_SECRETS_KEY changed? Enter the keys again.');
    return null;
  }
}

/** A method as a manager sees it: settings, and which secrets are set — never their values. */
export type ManagedMethod = { kind: MethodKind; enabled: boolean; settings: Settings; secretsSet: Record<string, boolean> };

/**
 * A method as a payer sees it: its kind, and for offline kinds what to show (payee, address, HTML)
 * — empty unless the caller may see payee details (lib/payments/payee-access.ts).
 */
export type PayerMethod = { kind: MethodKind; details: Settings };

export const DEFAULT_PAYMENT_SETTINGS = { ...DEFAULT_ORDER_TIMES, billExpiryMinutes: 60 };

async function rows(db: Executor, conferenceId: number) {
  return db.select().from(paymentMethod).where(eq(paymentMethod.conferenceId, conferenceId)).orderBy(asc(paymentMethod.id));
}

/** Every kind for the configuration page, configured or not, in the spec's order. */
export async function managedMethods(db: Executor, conferenceId: number): Promise<ManagedMethod[]> {
  const stored = await rows(db, conferenceId);
  return METHOD_KINDS.map((kind) => {
    const row = stored.find((r) => r.kind === kind);
    const secrets = (row && readSecrets(row.secrets)) || {};
    return {
      kind,
      enabled: row?.enabled ?? false,
      settings: (row?.settings ?? {}) as Settings,
      secretsSet: Object.fromEntries(METHOD_FIELDS[kind].secrets.map((f) => [f.name, Boolean(secrets[f.name])])),
    };
  });
}

/**
 * The methods a payer may choose. The offline methods' payee details come only `withPayee` (the
 * caller has something to pay here, see canSeePayeeDetails); by default every `details` is empty.
 */
export async function payerMethods(db: Executor, conferenceId: number, opts: { withPayee?: boolean } = {}): Promise<PayerMethod[]> {
  const stored = await db
    .select({ kind: paymentMethod.kind, settings: paymentMethod.settings })
    .from(paymentMethod)
    .where(and(eq(paymentMethod.conferenceId, conferenceId), eq(paymentMethod.enabled, true)))
    .orderBy(asc(paymentMethod.id));
  return METHOD_KINDS.flatMap((kind) => {
    const row = stored.find((r) => r.kind === kind);
    if (!row) return [];
    return [{ kind, details: opts.withPayee && !isOnlineKind(kind) ? (row.settings as Settings) : {} }];
  });
}

/**
 * The enabled method's configuration with its secrets decrypted, for a provider call (server only).
 * Notifications and queries about bills already made use it `evenIfOff`: switching a method off
 * must not lose a payment already under way.
 */
export async function providerConfig(
  db: Executor,
  conferenceId: number,
  kind: MethodKind,
  opts: { evenIfOff?: boolean } = {},
): Promise<ProviderConfig | null> {
  const [row] = await db
    .select()
    .from(paymentMethod)
    .where(
      and(
        eq(paymentMethod.conferenceId, conferenceId),
        eq(paymentMethod.kind, kind),
        ...(opts.evenIfOff ? [] : [eq(paymentMethod.enabled, true)]),
      ),
    );
  if (!row) return null;
  const settings = Object.fromEntries(Object.entries(row.settings).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const secrets = readSecrets(row.secrets);
  // Unreadable (the key changed): the method cannot be used until a manager enters the keys again.
  if (!secrets) return null;
  return { settings, secrets };
}

function filled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (value && typeof value === 'object') {
    const text = value as LocalizedText;
    return text.zh.trim() !== '' && text.en.trim() !== '';
  }
  return false;
}

/**
 * Saves one method of a conference. Empty secrets keep what is stored; organiser HTML is
 * sanitised; switching a method on needs every required field (PAYMENT_METHOD_INCOMPLETE names them).
 */
export async function saveMethod(db: DB, conferenceId: number, input: MethodValues, actorUserId: string): Promise<ManagedMethod> {
  const fields = METHOD_FIELDS[input.kind];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentMethod)
      .where(and(eq(paymentMethod.conferenceId, conferenceId), eq(paymentMethod.kind, input.kind)))
      .for('update');
    // Unreadable stored secrets (the key changed) are replaced by what the manager enters now.
    const secrets = { ...((row && readSecrets(row.secrets)) || {}) };
    for (const [name, value] of Object.entries(input.secrets)) if (value.trim()) secrets[name] = value.trim();
    const settings: Settings = {};
    for (const def of fields.settings) {
      const value = input.settings[def.name];
      if (value === undefined) continue;
      settings[def.name] =
        def.type === 'html' && typeof value === 'object'
          ? { zh: sanitizeOrganiserHtml(value.zh), en: sanitizeOrganiserHtml(value.en) }
          : value;
    }
    if (input.enabled) {
      const missing = [
        ...fields.settings.filter((f) => f.required && !filled(settings[f.name])).map((f) => f.name),
        ...fields.secrets.filter((f) => f.required && !secrets[f.name]).map((f) => f.name),
      ];
      if (missing.length > 0) throw new AppError('PAYMENT_METHOD_INCOMPLETE', { fields: missing.join(', ') });
    }
    const values = { enabled: input.enabled, settings, secrets: encryptSecrets(secrets), updatedBy: actorUserId, updatedAt: new Date() };
    if (row) await tx.update(paymentMethod).set(values).where(eq(paymentMethod.id, row.id));
    else await tx.insert(paymentMethod).values({ conferenceId, kind: input.kind, ...values });
    return {
      kind: input.kind,
      enabled: input.enabled,
      settings,
      secretsSet: Object.fromEntries(fields.secrets.map((f) => [f.name, Boolean(secrets[f.name])])),
    };
  });
}

/** The conference's expiry settings (defaults until a manager saved them). */
export async function paymentTimes(db: Executor, conferenceId: number) {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.conferenceId, conferenceId));
  return row
    ? { orderExpiryMinutes: row.orderExpiryMinutes, billExpiryMinutes: row.billExpiryMinutes, payReminderMinutes: row.payReminderMinutes }
    : DEFAULT_PAYMENT_SETTINGS;
}

export async function savePaymentTimes(db: Executor, conferenceId: number, values: typeof DEFAULT_PAYMENT_SETTINGS) {
  await db
    .insert(paymentSettings)
    .values({ conferenceId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.conferenceId, set: { ...values, updatedAt: new Date() } });
  return values;
}
