import { Alert } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AppearanceEditorShell } from '@/components/cms/appearance-editor-shell';
import { requirePage } from '@/lib/auth/require-page';
import { findAppearance } from '@/lib/cms/appearances';
import { parseId } from '@/lib/validation/primitives';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('appearances');
  return { title: t('editTitle') };
}

/** Edits one appearance of this conference. */
export default async function EditAppearancePage({ params }: { params: Promise<{ id: string }> }) {
  const { db, conference } = await requirePage('/platform/config/exterior/edit/:id');
  const id = parseId((await params).id);
  const look = id !== null ? await findAppearance(db, conference.id, id) : null;
  if (!look)
    return (
      <Alert color="red" data-testid="appearance-missing">
        {(await getTranslations('errors'))('appearanceNotFound')}
      </Alert>
    );
  const { name, thumbnail, homeTemplateId, pageTemplateId } = look;
  return <AppearanceEditorShell db={db} conferenceId={conference.id} initial={{ id, name, thumbnail, homeTemplateId, pageTemplateId }} />;
}
