import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB, Executor } from '@/db/client';
import { cmsPage } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { broadcast, onInvalidate } from '@/lib/server/invalidation';
import type { ZPageInput } from './page-schemas';
import { sanitizeOrganiserHtml } from './sanitize';

export type Page = typeof cmsPage.$inferSelect;

type Cached = { at: number; page: Promise<Page | null> };
const cacheKey = Symbol.for('confhub.publishedPages');
const TTL_MS = 60_000;

/** Published pages are read often and change rarely: cached per process, dropped when a page is saved or published. */
function pageCache(): Map<string, Cached> {
  const g = globalThis as typeof globalThis & { [cacheKey]?: Map<string, Cached> };
  g[cacheKey] ??= new Map();
  return g[cacheKey];
}

function dropPages(conferenceId: string | null): void {
  if (conferenceId === null) return pageCache().clear();
  for (const key of pageCache().keys()) if (key.startsWith(`${conferenceId}:`)) pageCache().delete(key);
}
onInvalidate('pages', dropPages);

/** After a page changed: drops the conference's cached pages here and on the other server processes. */
export function forgetPages(conferenceId: number): void {
  dropPages(String(conferenceId));
  broadcast('pages', conferenceId);
}

/** A conference's pages for its organisers, newest first. */
export async function listPages(db: Executor, conferenceId: number): Promise<Page[]> {
  return db.select().from(cmsPage).where(eq(cmsPage.conferenceId, conferenceId)).orderBy(desc(cmsPage.updatedAt), desc(cmsPage.id));
}

export async function findPage(db: Executor, conferenceId: number, id: number): Promise<Page | null> {
  const [row] = await db
    .select()
    .from(cmsPage)
    .where(and(eq(cmsPage.conferenceId, conferenceId), eq(cmsPage.id, id)));
  return row ?? null;
}

/** A published page as visitors see it (cached); null when missing or unpublished. */
export async function publishedPage(db: Executor, conferenceId: number, id: number): Promise<Page | null> {
  const key = `${conferenceId}:${id}`;
  const hit = pageCache().get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.page;
  // Kept from the start of the read, so a drop while it runs also drops what it will return.
  const page = db
    .select()
    .from(cmsPage)
    .where(and(eq(cmsPage.conferenceId, conferenceId), eq(cmsPage.id, id), eq(cmsPage.published, true)))
    .then(([row]) => row ?? null);
  pageCache().set(key, { at: Date.now(), page });
  page.catch(() => pageCache().delete(key));
  return page;
}

/** A published page as a visitor on this device sees it: on a phone, its related mobile page when that one is published. */
export async function publishedPageFor(db: Executor, conferenceId: number, id: number, phone: boolean): Promise<Page | null> {
  const page = await publishedPage(db, conferenceId, id);
  const mobile = page?.mobilePageId && phone ? await publishedPage(db, conferenceId, page.mobilePageId) : null;
  return mobile ?? page;
}

/**
 * Creates or changes a page. The HTML is sanitised when stored (and again when shown); the related
 * mobile page must be a mobile page of the same conference.
 */
export async function savePage(db: DB, conferenceId: number, input: z.output<typeof ZPageInput>): Promise<{ id: number }> {
  if (input.mobilePageId) {
    const mobile = await findPage(db, conferenceId, input.mobilePageId);
    if (!mobile || !mobile.isMobile || mobile.id === input.id) throw new AppError('MOBILE_PAGE_INVALID');
  }
  const values = {
    name: input.name,
    content: { zh: sanitizeOrganiserHtml(input.content.zh), en: sanitizeOrganiserHtml(input.content.en) },
    isMobile: input.isMobile,
    mobilePageId: input.isMobile ? null : input.mobilePageId,
    updatedAt: new Date(),
  };
  let id = input.id;
  if (id) {
    const updated = await db
      .update(cmsPage)
      .set(values)
      .where(and(eq(cmsPage.conferenceId, conferenceId), eq(cmsPage.id, id)))
      .returning({ id: cmsPage.id });
    if (!updated.length) throw new AppError('PAGE_NOT_FOUND');
  } else {
    [{ id }] = await db
      .insert(cmsPage)
      .values({ conferenceId, ...values })
      .returning({ id: cmsPage.id });
  }
  forgetPages(conferenceId);
  return { id: id! };
}

/** Publishes or withdraws a page; visitors see the change at once on this server. */
export async function setPublished(db: DB, conferenceId: number, id: number, published: boolean): Promise<void> {
  const updated = await db
    .update(cmsPage)
    .set({ published, publishedAt: published ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(cmsPage.conferenceId, conferenceId), eq(cmsPage.id, id)))
    .returning({ id: cmsPage.id });
  if (!updated.length) throw new AppError('PAGE_NOT_FOUND');
  forgetPages(conferenceId);
}

/** Deletes a page (pages are content, not records); pages pointing at it as their mobile page let go. */
export async function deletePage(db: DB, conferenceId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(cmsPage)
      .set({ mobilePageId: null })
      .where(and(eq(cmsPage.conferenceId, conferenceId), eq(cmsPage.mobilePageId, id)));
    const deleted = await tx
      .delete(cmsPage)
      .where(and(eq(cmsPage.conferenceId, conferenceId), eq(cmsPage.id, id)))
      .returning({ id: cmsPage.id });
    if (!deleted.length) throw new AppError('PAGE_NOT_FOUND');
  });
  forgetPages(conferenceId);
}
