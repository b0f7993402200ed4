import { Alert } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TemplateEditorShell } from '@/components/cms/template-editor-shell';
import { requirePage } from '@/lib/auth/require-page';
import { findTemplate } from '@/lib/cms/templates';
import { parseId } from '@/lib/validation/primitives';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('templates');
  return { title: t('editTitle') };
}

/** Edits one page template of this conference. */
export default async function EditTemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { db, conference } = await requirePage('/platform/config/template/edit/:id');
  const id = parseId((await params).id);
  const template = id !== null ? await findTemplate(db, conference.id, id) : null;
  if (!template)
    return (
      <Alert color="red" data-testid="template-missing">
        {(await getTranslations('errors'))('templateNotFound')}
      </Alert>
    );
  const { name, type, content, css, isMobile, mobileTemplateId, isDefault } = template;
  return (
    <TemplateEditorShell
      db={db}
      conferenceId={conference.id}
      initial={{ id, name, type, content, css, isMobile, mobileTemplateId, isDefault }}
    />
  );
}
