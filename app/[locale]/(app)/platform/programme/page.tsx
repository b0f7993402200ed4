import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/layout/page-parts';
import { ProgrammeEditor } from '@/components/programme/editor/programme-editor';
import { requirePage } from '@/lib/auth/require-page';
import { programmeDraft } from '@/lib/programme/queries';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('programmeEditor');
  return { title: t('title') };
}

/**
 * The timetable editor (issue 23 point 2): the programme's draft — days, rooms, sessions and contributions — built by
 * dragging or through forms, with live conflict warnings. The header area holds what acts on the whole draft
 * (publishing, its versions) beside the note that changes stay a draft until published.
 */
export default async function ProgrammeEditorPage() {
  const { db, conference } = await requirePage('/platform/programme');
  const [t, draft] = await Promise.all([getTranslations('programmeEditor'), programmeDraft(db, { conferenceId: conference.id })]);
  return (
    <ProgrammeEditor
      initial={draft}
      header={
        <Stack gap="xs" data-testid="programme-header">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Title order={3}>{t('title')}</Title>
            <Group gap="xs" data-testid="programme-header-actions">
              <LinkButton href="/platform/programme/versions" data-testid="programme-open-versions">
                {t('publishAndVersions')}
              </LinkButton>
            </Group>
          </Group>
          <Alert color="blue" p="xs" data-testid="programme-draft-note">
            <Text size="sm">{t('draftNote', { zone: draft.timeZone })}</Text>
          </Alert>
        </Stack>
      }
    />
  );
}
