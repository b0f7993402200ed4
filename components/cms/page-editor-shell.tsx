import { Group, Paper, Stack, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { Executor } from '@/db/client';
import { ButtonLink } from '@/components/ui/button-link';
import type { PageInput } from '@/lib/cms/page-schemas';
import { listPages } from '@/lib/cms/pages';
import { PageEditor } from './page-editor';

/** The add and edit screens of a page: title, the way back, and the editor with the mobile pages to relate. */
export async function PageEditorShell({ db, conferenceId, initial }: { db: Executor; conferenceId: number; initial: PageInput }) {
  const [t, pages] = await Promise.all([getTranslations('pages'), listPages(db, conferenceId)]);
  const mobilePages = pages.filter((p) => p.isMobile).map((p) => ({ id: p.id, name: p.name }));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{initial.id ? t('editTitle') : t('addTitle')}</Title>
        <ButtonLink href="/platform/config/page/list" variant="subtle">
          {t('backToList')}
        </ButtonLink>
      </Group>
      <Paper withBorder p="md">
        <PageEditor key={String(initial.id ?? 'new')} initial={initial} mobilePages={mobilePages} />
      </Paper>
    </Stack>
  );
}
