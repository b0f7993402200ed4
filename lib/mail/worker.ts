import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { resolveAttachments } from './attachments';
import { ConferenceTransports } from './conference-transports';
import { CONFERENCE_SMTP_KINDS, throughPlatformSmtp } from './template-catalog';
import type { MailTransport } from './transport';

export const MAX_ATTEMPTS = 6;
const CLAIM_SECONDS = 120;
const BATCH = 20;

/** 30 s, 1 min, 2 min, 4 min … capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

type Row = typeof mailOutbox.$inferSelect;

/**
 * Claims due mails in one statement (FOR UPDATE SKIP LOCKED, so two workers never take the same
 * row), then sends each and records the outcome. A claim left by a crashed worker expires after
 * CLAIM_SECONDS and the row is taken again.
 */
async function claimDue(db: Executor): Promise<Row[]> {
  const result = await db.execute(sql`
    update ${mailOutbox}
       set status = 'sending', attempts = attempts + 1,
           locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
     where id in (
       select id from ${mailOutbox}
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by id
        limit ${BATCH}
        for update skip locked)
    returning id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.id} in ${ids}`)
    .orderBy(mailOutbox.id);
}

/** Mails that no transport can send: the platform has none and their conference has no active one of its own. */
async function holdUnsendable(db: Executor): Promise<Row[]> {
  return db
    .update(mailOutbox)
    .set({ status: 'held' })
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        sql`(${mailOutbox.conferenceId} is null or ${mailOutbox.template} not in ${[...CONFERENCE_SMTP_KINDS]} or not exists (select 1 from conference_mail_config c where c.conference_id = ${mailOutbox.conferenceId} and c.active))`,
      ),
    )
    .returning();
}

const sharedTransports = new ConferenceTransports();

/**
 * One pass over the outbox. A conference's mail goes through the conference's own SMTP when it has
 * an active setup (/platform/config/email), through the platform's otherwise; platform mail and
 * every mail carrying a credential (codes, the reviewer invitation: the catalog's MAIL_KINDS,
 * throughPlatformSmtp) always through the platform's. Without a transport for it, a mail is
 * printed and held (development).
 */
export async function drainOutbox(
  db: Executor,
  platform: MailTransport | null,
  conferences: ConferenceTransports = sharedTransports,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  if (!platform) {
    for (const mail of await holdUnsendable(db)) {
      console.info(`[mail] no SMTP configured; held #${mail.id} to ${mail.toAddress}: ${mail.subject}\n${mail.text}`);
    }
  }
  const due = await claimDue(db);
  const conferenceOf = (mail: Row) => (mail.conferenceId !== null && !throughPlatformSmtp(mail.template) ? mail.conferenceId : null);
  const ids = [...new Set(due.map(conferenceOf).filter((id): id is number => id !== null))];
  const own = await conferences.forConferences(db, ids);
  for (const mail of due) {
    const conferenceId = conferenceOf(mail);
    const transport = (conferenceId !== null ? own.get(conferenceId) : undefined) ?? platform;
    if (!transport) {
      await db
        .update(mailOutbox)
        .set({ status: 'held', lockedUntil: null })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'sending')));
      continue;
    }
    try {
      const attachments = await resolveAttachments(db, mail.attachment);
      await transport.send({
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'sending')));
      sent++;
    } catch (error) {
      failed++;
      const last = mail.attempts >= MAX_ATTEMPTS;
      const code = (error as { code?: unknown })?.code;
      await db
        .update(mailOutbox)
        .set({
          status: last ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: `${typeof code === 'string' ? `${code}: ` : ''}${String((error as Error)?.message ?? error)}`.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + backoffSeconds(mail.attempts) * 1000),
        })
        .where(eq(mailOutbox.id, mail.id));
      console.warn(`[mail] #${mail.id} to ${mail.toAddress} failed (attempt ${mail.attempts}): ${(error as Error)?.message}`);
    }
  }
  return { sent, failed };
}

const workerKey = Symbol.for('confhub.mailWorker');
type WorkerState = { timer: NodeJS.Timeout | null; running: boolean; again: boolean; wake: () => void };

/** Starts the in-process worker: a pass every `intervalMs`, and at once when wakeMailWorker() is called. */
export function startMailWorker(db: Executor, transport: MailTransport | null, intervalMs = 2000): () => void {
  const g = globalThis as typeof globalThis & { [workerKey]?: WorkerState };
  const state: WorkerState = { timer: null, running: false, again: false, wake: () => {} };
  const pass = async () => {
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        await drainOutbox(db, transport);
      } while (state.again);
    } catch (error) {
      console.error('[mail] worker pass failed', error);
    } finally {
      state.running = false;
    }
  };
  state.wake = () => void pass();
  state.timer = setInterval(pass, intervalMs);
  state.timer.unref();
  g[workerKey] = state;
  void pass();
  return () => {
    if (state.timer) clearInterval(state.timer);
  };
}

/** Asks the worker for a pass now (call after the transaction that queued a mail has committed). */
export function wakeMailWorker(): void {
  const g = globalThis as typeof globalThis & { [workerKey]?: WorkerState };
  g[workerKey]?.wake();
}
