import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TemplateEditorShell } from '@/components/cms/template-editor-shell';
import { requirePage } from '@/lib/auth/require-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('templates');
  return { title: t('addTitle') };
}

/** A new page template, starting from a layout that shows the page's own content. */
export default async function AddTemplatePage() {
  const { db, conference } = await requirePage('/platform/config/template/add');
  return (
    <TemplateEditorShell
      db={db}
      conferenceId={conference.id}
      initial={{
        name: { zh: '', en: '' },
        type: 'page',
        content: { zh: '{{content}}', en: '{{content}}' },
        css: '',
        isMobile: false,
        mobileTemplateId: null,
        isDefault: false,
      }}
    />
  );
}
