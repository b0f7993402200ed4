import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB, Executor } from '@/db/client';
import { cmsPage, menuItem } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import type { ZMenuInput } from './menu-schemas';

export type MenuRow = typeof menuItem.$inferSelect;
export type PublicMenu = { id: number; title: string; href: string | null; newWindow: boolean; icon: string; children: PublicMenu[] };

/** A conference's menu items, parents before children, each level in its order. */
export async function listMenus(db: Executor, conferenceId: number): Promise<MenuRow[]> {
  return db.select().from(menuItem).where(eq(menuItem.conferenceId, conferenceId)).orderBy(asc(menuItem.sortOrder), asc(menuItem.id));
}

/**
 * Creates or changes a menu item: the parent must be a top-level item of the same conference (the
 * menu is two levels deep), the page a published page of the same conference.
 */
export async function saveMenu(db: DB, conferenceId: number, input: z.output<typeof ZMenuInput>): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    if (input.parentId) {
      const [parent] = await tx
        .select()
        .from(menuItem)
        .where(and(eq(menuItem.conferenceId, conferenceId), eq(menuItem.id, input.parentId)));
      if (!parent || parent.parentId !== null || parent.id === input.id) throw new AppError('MENU_PARENT_INVALID');
      if (input.id) {
        const [child] = await tx
          .select({ id: menuItem.id })
          .from(menuItem)
          .where(and(eq(menuItem.conferenceId, conferenceId), eq(menuItem.parentId, input.id)))
          .limit(1);
        if (child) throw new AppError('MENU_PARENT_INVALID');
      }
    }
    if (input.pageId) {
      const [page] = await tx
        .select({ published: cmsPage.published })
        .from(cmsPage)
        .where(and(eq(cmsPage.conferenceId, conferenceId), eq(cmsPage.id, input.pageId)));
      if (!page?.published) throw new AppError('MENU_PAGE_INVALID');
    }
    const values = {
      parentId: input.parentId,
      title: input.title,
      icon: input.icon,
      sortOrder: input.sortOrder,
      newWindow: input.newWindow,
      pageId: input.pageId,
      href: input.pageId ? '' : input.href,
    };
    if (input.id) {
      const updated = await tx
        .update(menuItem)
        .set(values)
        .where(and(eq(menuItem.conferenceId, conferenceId), eq(menuItem.id, input.id)))
        .returning({ id: menuItem.id });
      if (!updated.length) throw new AppError('MENU_NOT_FOUND');
      return { id: input.id };
    }
    const [row] = await tx
      .insert(menuItem)
      .values({ conferenceId, ...values })
      .returning({ id: menuItem.id });
    return { id: row.id };
  });
}

/** Deletes a menu item; one with children cannot be deleted (spec §8 "has children, delete failed"). */
export async function deleteMenu(db: DB, conferenceId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [child] = await tx
      .select({ id: menuItem.id })
      .from(menuItem)
      .where(and(eq(menuItem.conferenceId, conferenceId), eq(menuItem.parentId, id)))
      .limit(1);
    if (child) throw new AppError('MENU_HAS_CHILDREN');
    const deleted = await tx
      .delete(menuItem)
      .where(and(eq(menuItem.conferenceId, conferenceId), eq(menuItem.id, id)))
      .returning({ id: menuItem.id });
    if (!deleted.length) throw new AppError('MENU_NOT_FOUND');
  });
}

/**
 * The menu visitors see (fixedAndPublish), in their language: items leading to a page only while
 * that page is published; parents with nothing to show are left out.
 */
export async function publicMenus(db: Executor, conferenceId: number, locale: Locale): Promise<PublicMenu[]> {
  const rows = await db
    .select({ item: menuItem, published: cmsPage.published })
    .from(menuItem)
    .leftJoin(cmsPage, and(eq(cmsPage.id, menuItem.pageId), eq(cmsPage.conferenceId, menuItem.conferenceId)))
    .where(eq(menuItem.conferenceId, conferenceId))
    .orderBy(asc(menuItem.sortOrder), asc(menuItem.id));
  const view = (item: MenuRow, published: boolean | null): PublicMenu | null => {
    const href = item.pageId ? (published ? `/page/${item.pageId}` : null) : item.href || null;
    if (item.pageId && !href) return null;
    return {
      id: item.id,
      title: localized(item.title as LocalizedText, locale),
      href,
      newWindow: item.newWindow,
      icon: item.icon,
      children: [],
    };
  };
  const top: PublicMenu[] = [];
  const byId = new Map<number, PublicMenu>();
  for (const { item, published } of rows.filter((r) => r.item.parentId === null)) {
    const node = view(item, published);
    if (node) {
      top.push(node);
      byId.set(item.id, node);
    }
  }
  for (const { item, published } of rows.filter((r) => r.item.parentId !== null)) {
    const node = view(item, published);
    if (node) byId.get(item.parentId!)?.children.push(node);
  }
  return top.filter((node) => node.href || node.children.length);
}
