import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageEditorShell } from '@/components/cms/page-editor-shell';
import { requirePage } from '@/lib/auth/require-page';
import { findPage } from '@/lib/cms/pages';
import { parseId } from '@/lib/validation/primitives';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages');
  return { title: t('editTitle') };
}

/** Edits one page of this conference; a page that is not there (or another conference's) answers 404. */
export default async function EditPagePage({ params }: { params: Promise<{ id: string }> }) {
  const { db, conference } = await requirePage('/platform/config/page/edit/:id');
  const id = parseId((await params).id);
  const page = id !== null ? await findPage(db, conference.id, id) : null;
  if (!page) notFound();
  return (
    <PageEditorShell
      db={db}
      conferenceId={conference.id}
      initial={{ id: page.id, name: page.name, content: page.content, isMobile: page.isMobile, mobilePageId: page.mobilePageId }}
    />
  );
}
