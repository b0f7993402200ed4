import { Group, Paper, Stack, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { Executor } from '@/db/client';
import { ButtonLink } from '@/components/ui/button-link';
import type { TemplateInput } from '@/lib/cms/template-schemas';
import { listTemplates } from '@/lib/cms/templates';
import { TemplateEditor } from './template-editor';

/** The add and edit screens of a page template: title, the way back, and the editor with the mobile templates to relate. */
export async function TemplateEditorShell({ db, conferenceId, initial }: { db: Executor; conferenceId: number; initial: TemplateInput }) {
  const [t, templates] = await Promise.all([getTranslations('templates'), listTemplates(db, conferenceId)]);
  const mobileTemplates = templates.filter((m) => m.isMobile).map((m) => ({ id: m.id, type: m.type, name: m.name }));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{initial.id ? t('editTitle') : t('addTitle')}</Title>
        <ButtonLink href="/platform/config/template/list" variant="subtle">
          {t('backToList')}
        </ButtonLink>
      </Group>
      <Paper withBorder p="md">
        <TemplateEditor key={String(initial.id ?? 'new')} initial={initial} mobileTemplates={mobileTemplates} />
      </Paper>
    </Stack>
  );
}
