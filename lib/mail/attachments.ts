import type { Executor } from '@/db/client';
import type { MailAttachmentKind, MailAttachmentRef } from './attachment-ref';

/** A file as nodemailer attaches it. */
export type OutgoingAttachment = { filename: string; content: Buffer; contentType: string };

/**
 * Draws the file a reference names, or null when there is none to attach any more (a ticket revoked since the
 * mail was queued: the mail still goes, without it). A throw fails this send; the outbox retries it later.
 */
export type AttachmentResolver<K extends MailAttachmentKind = MailAttachmentKind> = (
  db: Executor,
  ref: Extract<MailAttachmentRef, { kind: K }>,
) => Promise<OutgoingAttachment | null>;

const registryKey = Symbol.for('confhub.mailAttachmentResolvers');

type AnyResolver = (db: Executor, ref: MailAttachmentRef) => Promise<OutgoingAttachment | null>;

function registry(): Map<MailAttachmentKind, AnyResolver> {
  const holder = globalThis as typeof globalThis & { [registryKey]?: Map<MailAttachmentKind, AnyResolver> };
  return (holder[registryKey] ??= new Map());
}

/**
 * Registers how a kind of attachment is drawn. The domain that owns the file registers it at server start
 * (lib/server/boot.ts), so the mail side part imports no domain.
 */
export function registerMailAttachment<K extends MailAttachmentKind>(kind: K, resolver: AttachmentResolver<K>): void {
  registry().set(kind, (db, ref) => resolver(db, ref as Extract<MailAttachmentRef, { kind: K }>));
}

/** The files a mail carries (none without a reference); throws when no resolver knows the kind. */
export async function resolveAttachments(db: Executor, ref: MailAttachmentRef | null): Promise<OutgoingAttachment[]> {
  if (!ref) return [];
  const resolver = registry().get(ref.kind);
  if (!resolver) throw new Error(`no resolver for the mail attachment kind "${ref.kind}"`);
  const file = await resolver(db, ref);
  return file ? [file] : [];
}
