import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AppearanceEditorShell } from '@/components/cms/appearance-editor-shell';
import { requirePage } from '@/lib/auth/require-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('appearances');
  return { title: t('addTitle') };
}

/** A new appearance. */
export default async function AddAppearancePage() {
  const { db, conference } = await requirePage('/platform/config/exterior/add');
  return (
    <AppearanceEditorShell
      db={db}
      conferenceId={conference.id}
      initial={{ name: { zh: '', en: '' }, thumbnail: '', homeTemplateId: null, pageTemplateId: null }}
    />
  );
}
