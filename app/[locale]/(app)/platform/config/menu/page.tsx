import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MenuManager } from '@/components/cms/menu-manager';
import { requirePage } from '@/lib/auth/require-page';
import { listMenus } from '@/lib/cms/menus';
import { listPages } from '@/lib/cms/pages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menus');
  return { title: t('title') };
}

/** The website's navigation menu, as a two-level tree. */
export default async function MenuConfigPage() {
  const { db, conference } = await requirePage('/platform/config/menu');
  const [rows, pages] = await Promise.all([listMenus(db, conference.id), listPages(db, conference.id)]);
  return <MenuManager rows={rows} pages={pages.filter((p) => p.published).map((p) => ({ id: p.id, name: p.name }))} />;
}
