import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conference, conferenceMember, programmeVersion, uploadedFile } from '@/db/schema';
import type { Locale } from '@/lib/i18n/localized';
import { storageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage/storage';
import { bookLayout } from './book-layout';
import { buildBooks } from './build-book';

/** The uploaded_file `field` of a book of abstracts. */
export const BOOK_FIELD = 'programmeBook';
/** How long a claim holds a version: longer than any build may take (build-book.ts stops one at 3 minutes). */
const CLAIM_SECONDS = 600;
const LANGS: readonly Locale[] = ['zh', 'en'];

/**
 * Claims one version whose book waits to be built, newest first, in one statement: FOR UPDATE SKIP LOCKED, so two
 * server processes never take the same version, and `book_claimed_until`, so nobody else takes it while it is built
 * (outside any transaction: a build takes seconds) and a process that died with it gives it back when that passes.
 */
export async function claimPendingBook(db: Executor): Promise<{ id: number; conferenceId: number } | null> {
  const result = await db.execute(sql`
    update ${programmeVersion}
       set book_claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
     where id = (
       select id from ${programmeVersion}
        where book_state = 'pending' and (book_claimed_until is null or book_claimed_until < now())
        order by id desc
        limit 1
        for update skip locked)
    returning id, conference_id`);
  const row = (result as unknown as { rows: Array<{ id: number; conference_id: number }> }).rows[0];
  return row ? { id: Number(row.id), conferenceId: Number(row.conference_id) } : null;
}

/** Whom the book's files are recorded under: the publisher, else the conference's creator, else a manager. */
async function fileOwner(db: Executor, conferenceId: number, publishedBy: string | null, createdBy: string | null): Promise<string | null> {
  if (publishedBy) return publishedBy;
  if (createdBy) return createdBy;
  const [manager] = await db
    .select({ userId: conferenceMember.userId })
    .from(conferenceMember)
    .where(and(eq(conferenceMember.conferenceId, conferenceId), eq(conferenceMember.role, 'manager')))
    .orderBy(asc(conferenceMember.userId))
    .limit(1);
  return manager?.userId ?? null;
}

/**
 * Builds the claimed version's books (zh and en, in a worker thread: build-book.ts), stores both through the storage
 * interface, records them as the conference's generated files and marks the version 'ready' — only if it is still
 * this claim's pending version, so a book is recorded once. Any failure marks it 'failed' with a log line.
 */
async function buildClaimed(db: DB, claimed: { id: number; conferenceId: number }): Promise<'ready' | 'failed'> {
  const where = and(eq(programmeVersion.id, claimed.id), eq(programmeVersion.conferenceId, claimed.conferenceId));
  const names: string[] = [];
  try {
    const [row] = await db
      .select({ version: programmeVersion, conf: conference })
      .from(programmeVersion)
      .innerJoin(conference, eq(conference.id, programmeVersion.conferenceId))
      .where(where);
    if (!row) return 'failed';
    const { version, conf } = row;
    const owner = await fileOwner(db, conf.id, version.publishedBy, conf.createdBy);
    if (!owner) throw new Error('the conference has no manager to record the files under');
    const layouts = LANGS.map((lang) => bookLayout(version.snapshot, conf, version, lang));
    const books = await buildBooks(layouts);
    const files: number[] = [];
    for (const [i, book] of books.entries()) {
      const name = `${randomBytes(16).toString('hex')}.pdf`;
      names.push(name);
      await storage().put(storageKey(conf.id, 'generated', name), book.pdf);
      const [file] = await db
        .insert(uploadedFile)
        .values({
          conferenceId: conf.id,
          userId: owner,
          name,
          originalName: `${conf.slug}-abstracts-v${version.number}-${LANGS[i]}.pdf`,
          field: BOOK_FIELD,
          mime: 'application/pdf',
          size: book.pdf.byteLength,
          status: 'attached',
        })
        .returning({ id: uploadedFile.id });
      files.push(file.id);
    }
    const done = await db
      .update(programmeVersion)
      .set({ bookState: 'ready', bookZhFileId: files[0], bookEnFileId: files[1], bookClaimedUntil: null })
      .where(and(where, eq(programmeVersion.bookState, 'pending')))
      .returning({ id: programmeVersion.id });
    if (done.length === 0) {
      // Someone else finished it first (this claim had expired): these files are not needed.
      await db.delete(uploadedFile).where(and(eq(uploadedFile.conferenceId, conf.id), inArray(uploadedFile.id, files)));
      for (const name of names) await storage().delete(storageKey(conf.id, 'generated', name));
    } else {
      console.info(`[programme] book of abstracts of version ${version.number} (conference ${conf.id}) ready`);
    }
    return 'ready';
  } catch (error) {
    console.error(
      `[programme] book of abstracts of version #${claimed.id} (conference ${claimed.conferenceId}) failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    for (const name of names)
      await storage()
        .delete(storageKey(claimed.conferenceId, 'generated', name))
        .catch(() => undefined);
    await db
      .update(programmeVersion)
      .set({ bookState: 'failed', bookClaimedUntil: null })
      .where(and(where, eq(programmeVersion.bookState, 'pending')));
    return 'failed';
  }
}

/** Builds the book of one pending version, if there is one; null when there was nothing to do. */
export async function buildPendingBook(db: DB): Promise<'ready' | 'failed' | null> {
  const claimed = await claimPendingBook(db);
  return claimed ? buildClaimed(db, claimed) : null;
}

/** Builds books until none waits; returns how many were handled. */
export async function buildPendingBooks(db: DB): Promise<number> {
  let handled = 0;
  while ((await buildPendingBook(db)) !== null) handled++;
  return handled;
}

let timer: NodeJS.Timeout | undefined;

/**
 * Looks for versions waiting for their book every `intervalMs` in this server process (BOOK_POLL_MS, 5 s): publishing
 * only writes the version, the book follows within seconds. Several processes are safe: each version is claimed once.
 */
export function startBookWorker(db: DB, intervalMs = Number(process.env.BOOK_POLL_MS ?? 5_000)): void {
  if (timer) return;
  const tick = () =>
    buildPendingBooks(db)
      .catch((error) => console.warn('[programme] book sweep failed', error))
      .finally(() => {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      });
  timer = setTimeout(tick, Math.min(intervalMs, 2_000));
  timer.unref();
}
