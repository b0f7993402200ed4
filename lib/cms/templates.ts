import { and, asc, desc, eq, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB, Executor } from '@/db/client';
import { foreignKeyViolation } from '@/db/errors';
import { appearance, pageTemplate } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { broadcast, onInvalidate } from '@/lib/server/invalidation';
import { localized, type Locale } from '@/lib/i18n/localized';
import { sanitizeOrganiserHtml } from './sanitize';
import type { TemplateType, ZTemplateInput } from './template-schemas';

export type Template = typeof pageTemplate.$inferSelect;
/** A template as lists and pickers show it (without its HTML and stylesheet). */
export type TemplateSummary = Pick<Template, 'id' | 'name' | 'type' | 'isMobile' | 'isDefault' | 'mobileTemplateId' | 'updatedAt'> & {
  usedBy: number;
};

/**
 * The templates and the active appearance a conference's pages are drawn with, per process and
 * database (tests hold two); see siteLook().
 */
type Look = { at: number; value: Promise<SiteLook> };
const lookKey = Symbol.for('confhub.siteLook');
const LOOK_TTL_MS = 60_000;

function lookCache(db: object): Map<number, Look> {
  const g = globalThis as typeof globalThis & { [lookKey]?: Map<object, Map<number, Look>> };
  g[lookKey] ??= new Map();
  let forDb = g[lookKey].get(db);
  if (!forDb) g[lookKey].set(db, (forDb = new Map()));
  return forDb;
}

function dropLook(conferenceId: number | null): void {
  const g = globalThis as typeof globalThis & { [lookKey]?: Map<object, Map<number, Look>> };
  for (const forDb of g[lookKey]?.values() ?? []) {
    if (conferenceId === null) forDb.clear();
    else forDb.delete(conferenceId);
  }
}
onInvalidate('look', (scope) => dropLook(scope === null ? null : Number(scope)));

/** After a template or appearance changed: drops the conference's look here and on the other server processes. */
export function forgetLook(conferenceId: number): void {
  dropLook(conferenceId);
  broadcast('look', conferenceId);
}

export async function listTemplates(db: Executor, conferenceId: number): Promise<TemplateSummary[]> {
  const [templates, looks] = await Promise.all([
    db
      .select({
        id: pageTemplate.id,
        name: pageTemplate.name,
        type: pageTemplate.type,
        isMobile: pageTemplate.isMobile,
        isDefault: pageTemplate.isDefault,
        mobileTemplateId: pageTemplate.mobileTemplateId,
        updatedAt: pageTemplate.updatedAt,
      })
      .from(pageTemplate)
      .where(eq(pageTemplate.conferenceId, conferenceId))
      .orderBy(asc(pageTemplate.type), asc(pageTemplate.isMobile), desc(pageTemplate.updatedAt)),
    db
      .select({ home: appearance.homeTemplateId, page: appearance.pageTemplateId })
      .from(appearance)
      .where(eq(appearance.conferenceId, conferenceId)),
  ]);
  return templates.map((t) => ({ ...t, usedBy: looks.filter((l) => l.home === t.id || l.page === t.id).length }));
}

/** A template's name in the given language by its id, or `fallback` (no template: the kind's default). */
export function templateLabel(templates: Pick<Template, 'id' | 'name'>[], id: number | null, locale: Locale, fallback: string): string {
  const template = id ? templates.find((t) => t.id === id) : undefined;
  return template ? localized(template.name, locale) : fallback;
}

export async function findTemplate(db: Executor, conferenceId: number, id: number): Promise<Template | null> {
  const [row] = await db
    .select()
    .from(pageTemplate)
    .where(and(eq(pageTemplate.conferenceId, conferenceId), eq(pageTemplate.id, id)));
  return row ?? null;
}

/** Is the template drawn by an appearance, or the mobile template of another one? */
async function inUse(db: Executor, conferenceId: number, id: number): Promise<boolean> {
  const [look] = await db
    .select({ id: appearance.id })
    .from(appearance)
    .where(and(eq(appearance.conferenceId, conferenceId), or(eq(appearance.homeTemplateId, id), eq(appearance.pageTemplateId, id))))
    .limit(1);
  if (look) return true;
  const [other] = await db
    .select({ id: pageTemplate.id })
    .from(pageTemplate)
    .where(and(eq(pageTemplate.conferenceId, conferenceId), eq(pageTemplate.mobileTemplateId, id)))
    .limit(1);
  return Boolean(other);
}

/**
 * Creates or changes a template. Its HTML is sanitised when stored (and the filled page again when
 * shown); the related mobile template must be a mobile template of the same kind; being the default
 * takes the flag from the kind's previous default. A template in use keeps its kind and mobile flag.
 */
export async function saveTemplate(db: DB, conferenceId: number, input: z.output<typeof ZTemplateInput>): Promise<{ id: number }> {
  const id = await db.transaction(async (tx) => {
    if (input.mobileTemplateId && !input.isMobile) {
      const mobile = await findTemplate(tx, conferenceId, input.mobileTemplateId);
      if (!mobile || !mobile.isMobile || mobile.type !== input.type || mobile.id === input.id)
        throw new AppError('MOBILE_TEMPLATE_INVALID');
    }
    if (input.id) {
      const current = await findTemplate(tx, conferenceId, input.id);
      if (!current) throw new AppError('TEMPLATE_NOT_FOUND');
      if ((current.type !== input.type || current.isMobile !== input.isMobile) && (await inUse(tx, conferenceId, input.id))) {
        throw new AppError('TEMPLATE_KIND_IN_USE');
      }
    }
    if (input.isDefault) {
      await tx
        .update(pageTemplate)
        .set({ isDefault: false })
        .where(
          and(
            eq(pageTemplate.conferenceId, conferenceId),
            eq(pageTemplate.type, input.type),
            eq(pageTemplate.isMobile, input.isMobile),
            eq(pageTemplate.isDefault, true),
            input.id ? ne(pageTemplate.id, input.id) : undefined,
          ),
        );
    }
    const values = {
      name: input.name,
      type: input.type,
      content: { zh: sanitizeOrganiserHtml(input.content.zh), en: sanitizeOrganiserHtml(input.content.en) },
      css: input.css,
      isMobile: input.isMobile,
      mobileTemplateId: input.isMobile ? null : input.mobileTemplateId,
      isDefault: input.isDefault,
      updatedAt: new Date(),
    };
    if (input.id) {
      await tx
        .update(pageTemplate)
        .set(values)
        .where(and(eq(pageTemplate.conferenceId, conferenceId), eq(pageTemplate.id, input.id)));
      return input.id;
    }
    const [row] = await tx
      .insert(pageTemplate)
      .values({ conferenceId, ...values })
      .returning({ id: pageTemplate.id });
    return row.id;
  });
  forgetLook(conferenceId);
  return { id };
}

/** Deletes a template no appearance draws with; templates naming it as their mobile template let go. */
export async function deleteTemplate(db: DB, conferenceId: number, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(pageTemplate)
        .set({ mobileTemplateId: null })
        .where(and(eq(pageTemplate.conferenceId, conferenceId), eq(pageTemplate.mobileTemplateId, id)));
      const deleted = await tx
        .delete(pageTemplate)
        .where(and(eq(pageTemplate.conferenceId, conferenceId), eq(pageTemplate.id, id)))
        .returning({ id: pageTemplate.id });
      if (!deleted.length) throw new AppError('TEMPLATE_NOT_FOUND');
    });
  } catch (error) {
    if (foreignKeyViolation(error)) throw new AppError('TEMPLATE_IN_USE');
    throw error;
  }
  forgetLook(conferenceId);
}

/** What the public pages are drawn with: for each kind, the desktop template and the one for phones (either may be null). */
export type SiteLook = Record<TemplateType, { desktop: Template | null; mobile: Template | null }>;

/** The template a page of this kind is drawn with on this device (null: the built-in layout). */
export function templateFor(look: SiteLook, type: TemplateType, phone: boolean): Template | null {
  return phone ? (look[type].mobile ?? look[type].desktop) : look[type].desktop;
}

/**
 * The active appearance's template of each kind (or, where it names none or no appearance is
 * active, the kind's default template), with its mobile template (or the kind's default mobile
 * one). Cached per process and dropped whenever a template or appearance changes.
 */
export async function siteLook(db: Executor, conferenceId: number): Promise<SiteLook> {
  const hit = lookCache(db).get(conferenceId);
  if (hit && Date.now() - hit.at < LOOK_TTL_MS) return hit.value;
  const value = (async () => {
    const [templates, [active]] = await Promise.all([
      db.select().from(pageTemplate).where(eq(pageTemplate.conferenceId, conferenceId)),
      db
        .select({ home: appearance.homeTemplateId, page: appearance.pageTemplateId })
        .from(appearance)
        .where(and(eq(appearance.conferenceId, conferenceId), eq(appearance.active, true))),
    ]);
    const byId = new Map(templates.map((t) => [t.id, t]));
    const pick = (type: TemplateType, chosen: number | null | undefined) => {
      const desktop =
        (chosen ? byId.get(chosen) : undefined) ?? templates.find((t) => t.type === type && !t.isMobile && t.isDefault) ?? null;
      const mobile =
        (desktop?.mobileTemplateId ? byId.get(desktop.mobileTemplateId) : undefined) ??
        templates.find((t) => t.type === type && t.isMobile && t.isDefault) ??
        null;
      return { desktop, mobile };
    };
    return { home: pick('home', active?.home), page: pick('page', active?.page) };
  })();
  lookCache(db).set(conferenceId, { at: Date.now(), value });
  value.catch(() => dropLook(conferenceId));
  return value;
}

/**
 * A template's stylesheet as /api/conference/template/:id/css serves it. Public (anyone, cacheable) only while the
 * template draws the conference's pages — one of siteLook()'s templates, the look visitors get; any other template of
 * the conference (unused, kept for later, an inactive appearance's) only to its administrators (`manager`), never
 * cached; null for everyone else, as for a template that does not exist.
 */
export async function templateStylesheet(
  db: Executor,
  conferenceId: number,
  id: number,
  { manager }: { manager: boolean },
): Promise<{ css: string; public: boolean } | null> {
  const look = await siteLook(db, conferenceId);
  const drawn = [look.home.desktop, look.home.mobile, look.page.desktop, look.page.mobile].find((t) => t?.id === id);
  if (drawn) return { css: drawn.css, public: true };
  if (!manager) return null;
  const own = await findTemplate(db, conferenceId, id);
  return own ? { css: own.css, public: false } : null;
}
