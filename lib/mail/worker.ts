import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { mailOutbox } from '@/db/schema';
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

/** One pass over the outbox. Without a transport, mails are printed and held (development). */
export async function drainOutbox(db: Executor, transport: MailTransport | null): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  if (!transport) {
    const held = await db.update(mailOutbox).set({ status: 'held' }).where(eq(mailOutbox.status, 'pending')).returning();
    for (const mail of held) {
      console.info(`[mail] no SMTP configured; held #${mail.id} to ${mail.toAddress}: ${mail.subject}\n${mail.text}`);
    }
    return { sent, failed };
  }
  for (const mail of await claimDue(db)) {
    try {
      await transport.send({ to: mail.toAddress, subject: mail.subject, text: mail.text, html: mail.html });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'sending')));
      sent++;
    } catch (error) {
      failed++;
      const last = mail.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: last ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String((error as Error)?.message ?? error).slice(0, 1000),
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
