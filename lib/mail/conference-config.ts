import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { Executor } from '@/db/client';
import { conferenceMailConfig } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { decryptSecrets, encryptSecrets } from '@/lib/server/secrets';
import type { MailConfigValues, ManagedMailConfig } from './config-schema';
import { isForbiddenSmtpHost } from './safe-host';
import type { SmtpAccount } from './transport';

type Row = typeof conferenceMailConfig.$inferSelect;

function managed(row: Row): ManagedMailConfig {
  return {
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    ssl: row.ssl,
    username: row.username,
    active: row.active,
    passwordSet: row.passwordEnc !== '',
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function configRow(db: Executor, conferenceId: number): Promise<Row | null> {
  const [row] = await db.select().from(conferenceMailConfig).where(eq(conferenceMailConfig.conferenceId, conferenceId));
  return row ?? null;
}

/** The conference's mail account for its managers (null: none set up); the password never leaves the server. */
export async function managedMailConfig(db: Executor, conferenceId: number): Promise<ManagedMailConfig | null> {
  const row = await configRow(db, conferenceId);
  return row ? managed(row) : null;
}

/** The login the password belongs to: the username, or the sender address when it is empty. */
function loginOf(config: { username: string; fromAddress: string }): string {
  return (config.username || config.fromAddress).toLowerCase();
}

/**
 * Whether a stored password may stay with these settings: only while it would go to the same
 * server (host and port) for the same login. Otherwise a manager could point the account at a
 * server of theirs and have the platform hand them the password it keeps.
 */
function keepsStoredPassword(current: Row, host: string, input: MailConfigValues): boolean {
  return (
    current.passwordEnc !== '' && current.smtpHost === host && current.smtpPort === input.smtpPort && loginOf(current) === loginOf(input)
  );
}

/**
 * Saves the conference's mail account. An empty password keeps the stored one (encrypted at rest)
 * only while the host, port and login stay the same; a first setup or a changed server or login
 * needs one (MAIL_PASSWORD_REQUIRED). A host that resolves to an internal address is refused on
 * its field (validation.mailHostForbidden; lib/mail/safe-host.ts).
 */
export async function saveMailConfig(db: Executor, conferenceId: number, input: MailConfigValues): Promise<ManagedMailConfig> {
  const smtpHost = input.smtpHost.toLowerCase();
  if (await isForbiddenSmtpHost(smtpHost)) {
    throw new ZodError([{ code: 'custom', path: ['smtpHost'], message: 'mailHostForbidden', input: input.smtpHost }]);
  }
  const current = await configRow(db, conferenceId);
  if (!input.password && !(current && keepsStoredPassword(current, smtpHost, input))) throw new AppError('MAIL_PASSWORD_REQUIRED');
  const passwordEnc = input.password ? encryptSecrets({ password: input.password }) : current!.passwordEnc;
  const values = {
    fromAddress: input.fromAddress,
    fromName: input.fromName,
    smtpHost,
    smtpPort: input.smtpPort,
    ssl: input.ssl,
    username: input.username,
    passwordEnc,
    active: input.active,
  };
  const [row] = await db
    .insert(conferenceMailConfig)
    .values({ conferenceId, ...values })
    .onConflictDoUpdate({ target: conferenceMailConfig.conferenceId, set: { ...values, updatedAt: sql`clock_timestamp()` } })
    .returning();
  return managed(row);
}

/**
 * The SMTP account of a stored configuration (the password decrypted, on the server only); its
 * host is vetted again before every connection (a manager typed it).
 */
export function smtpAccountOf(row: Row, timeouts?: SmtpAccount['timeouts']): SmtpAccount {
  return {
    host: row.smtpHost,
    port: row.smtpPort,
    secure: row.ssl,
    user: row.username || row.fromAddress,
    pass: decryptSecrets(row.passwordEnc).password ?? '',
    from: { name: row.fromName, address: row.fromAddress },
    timeouts,
    vetHost: true,
  };
}

/** The stored configuration whatever its state (a test send tries it before it is switched on). */
export async function storedMailConfig(db: Executor, conferenceId: number): Promise<Row | null> {
  return configRow(db, conferenceId);
}

/** Whether the conference has an active mail setup of its own (bulk mail needs one). */
export async function hasActiveMailConfig(db: Executor, conferenceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: conferenceMailConfig.conferenceId })
    .from(conferenceMailConfig)
    .where(and(eq(conferenceMailConfig.conferenceId, conferenceId), eq(conferenceMailConfig.active, true)));
  return Boolean(row);
}
