import { DataFolderInUseError } from '@/db/lock';
import { getDatabase } from '@/db/client';
import { demoLoginsText, seedDemo } from '@/db/seed';
import { seedDemoRegistrants } from '@/db/seed-attendees';
import { registerMailAttachment } from '@/lib/mail/attachments';
import { startMailWorker } from '@/lib/mail/worker';
import { transportFromEnv } from '@/lib/mail/transport';
import { startPaymentSweeper } from '@/lib/payments/recover';
import { startBookWorker } from '@/lib/programme/book/book-sweep';
import { startUploadSweeper } from '@/lib/storage/intake';
import { ticketMailAttachment } from '@/lib/tickets/ticket-attachment';
import { startInvalidationListener } from './invalidation-listener';
import { secretsKeyProblem } from './secrets-key';

/**
 * Runs once when the server process starts: refuses a missing or all-zero PAYMENT_SECRETS_KEY where one is required
 * (lib/server/secrets-key.ts), opens (and locks) the database, applies migrations,
 * seeds the demo conference (on PGlite unless SEED_DEMO=0; on PostgreSQL only with SEED_DEMO=1),
 * and starts the mail worker, the sweeper of stale temporary uploads, the payment sweeper (lost
 * notifications asked about at the provider, unpaid orders expired), the builder of the programme's books of abstracts
 * (versions claimed with SKIP LOCKED, built in a worker thread) and, on PostgreSQL, the
 * listener that drops this process's caches when another server process announces a change. All of
 * it is safe in several processes at once: migrations take an advisory lock (and `npm start` applies
 * them once before it starts several), the mail worker claims rows with SKIP LOCKED and the sweeper
 * deletes rows with RETURNING, so each stale file is removed by one process.
 */
export async function bootServer(): Promise<void> {
  // A deployment without its own at-rest key (or with an example's) does not start.
  const keyProblem = secretsKeyProblem();
  if (keyProblem) {
    console.error(`\n${keyProblem}\n`);
    process.exit(1);
  }
  let database;
  try {
    database = await getDatabase();
  } catch (error) {
    if (error instanceof DataFolderInUseError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // The demo logins are public: seeded by default only on the zero-setup embedded database.
  const seed = process.env.SEED_DEMO ? process.env.SEED_DEMO === '1' : database.kind === 'pglite';
  if (seed) {
    const created = await seedDemo(database.db);
    if (created) {
      await seedDemoRegistrants(database.db);
      console.info('[seed] created the demo conference');
    }
    console.info(`\n${demoLoginsText(process.env.PORT ?? 3000)}\n`);
  }
  startInvalidationListener(database, { global: true });
  const transport = transportFromEnv();
  if (!transport) console.info('[mail] SMTP_HOST is not set: mails are printed here and held in the outbox');
  registerMailAttachment('ticket', ticketMailAttachment);
  startMailWorker(database.db, transport, Number(process.env.MAIL_POLL_MS ?? 2000));
  startUploadSweeper(database.db);
  startPaymentSweeper(database.db);
  startBookWorker(database.db);
}
