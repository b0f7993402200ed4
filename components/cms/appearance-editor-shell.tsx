import { Group, Paper, Stack, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { Executor } from '@/db/client';
import { ButtonLink } from '@/components/ui/button-link';
import type { AppearanceInput } from '@/lib/cms/template-schemas';
import { listTemplates } from '@/lib/cms/templates';
import { AppearanceEditor } from './appearance-editor';

/** The add and edit screens of an appearance: title, the way back, and the editor with the desktop templates to choose from. */
export async function AppearanceEditorShell({
  db,
  conferenceId,
  initial,
}: {
  db: Executor;
  conferenceId: number;
  initial: AppearanceInput;
}) {
  const [t, templates] = await Promise.all([getTranslations('appearances'), listTemplates(db, conferenceId)]);
  const choices = templates.filter((tp) => !tp.isMobile).map((tp) => ({ id: tp.id, type: tp.type, name: tp.name }));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{initial.id ? t('editTitle') : t('addTitle')}</Title>
        <ButtonLink href="/platform/config/exterior/list" variant="subtle">
          {t('backToList')}
        </ButtonLink>
      </Group>
      <Paper withBorder p="md">
        <AppearanceEditor key={String(initial.id ?? 'new')} initial={initial} templates={choices} />
      </Paper>
    </Stack>
  );
}
