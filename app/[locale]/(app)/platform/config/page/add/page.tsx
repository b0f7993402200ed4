import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageEditorShell } from '@/components/cms/page-editor-shell';
import { requirePage } from '@/lib/auth/require-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages');
  return { title: t('addTitle') };
}

/** A new page. */
export default async function AddPagePage() {
  const { db, conference } = await requirePage('/platform/config/page/add');
  return (
    <PageEditorShell
      db={db}
      conferenceId={conference.id}
      initial={{ name: { zh: '', en: '' }, content: { zh: '', en: '' }, isMobile: false, mobilePageId: null }}
    />
  );
}
