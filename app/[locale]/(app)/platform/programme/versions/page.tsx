import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PublishButton } from '@/components/programme/publish-button';
import { VersionDetail } from '@/components/programme/version-detail';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/locale-path';
import { findProgrammeVersion, listProgrammeVersions } from '@/lib/programme/published-versions';
import { programmeDraft } from '@/lib/programme/queries';
import { AppError } from '@/lib/http/app-error';
import { displayPersonName } from '@/lib/people/person-name';

type Props = { searchParams: Promise<{ version?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('programmeVersions');
  return { title: t('title') };
}

async function versionOrNull(db: Parameters<typeof findProgrammeVersion>[0], conferenceId: number, number: string) {
  try {
    return await findProgrammeVersion(db, { conferenceId, number });
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * The organisers' published versions (issue 23 point 3): publish the draft as the next version (asked first), the
 * versions with when, who and how many changes, and any older one readable (`?version=N`): its change list and its
 * timetable as a list.
 */
export default async function ProgrammeVersionsPage({ searchParams }: Props) {
  const { db, conference, roles, locale } = await requirePage('/platform/programme/versions');
  if (!roles.manager && !roles.platformAdmin) return null;
  const [t, versions, query] = await Promise.all([
    getTranslations('programmeVersions'),
    listProgrammeVersions(db, { conferenceId: conference.id }),
    searchParams,
  ]);
  const asked = Array.isArray(query.version) ? query.version[0] : query.version;
  const shown = asked ? await versionOrNull(db, conference.id, asked) : null;
  if (shown) return <VersionDetail number={shown.number} snapshot={shown.snapshot} changes={shown.changes} locale={locale} />;
  const format = conferenceFormatter(locale, conference.timeZone);
  const latest = versions[0]?.number ?? 0;
  // The editor's open warnings, named before anyone publishes them.
  const warnings = (await programmeDraft(db, { conferenceId: conference.id })).conflicts.length;
  return (
    <Stack gap="md" data-testid="programme-versions">
      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
          <Title order={3}>{t('title')}</Title>
          <PublishButton nextNumber={latest + 1} warnings={warnings} />
        </Group>
        {warnings > 0 && (
          <Alert color="orange" mb="xs" data-testid="publish-warnings">
            {t('openWarnings', { count: warnings })} <Anchor href={localePath(locale, '/platform/programme')}>{t('openEditor')}</Anchor>
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {latest > 0 && (
          <Anchor href={localePath(locale, '/programme')} size="sm" mt="xs" display="inline-block" data-testid="open-public-programme">
            {t('openPublic')}
          </Anchor>
        )}
      </Paper>
      <ListTable
        head={[t('number'), t('publishedAt'), t('publishedBy'), t('changes'), '']}
        labels={[undefined, undefined, undefined, undefined, '']}
        rows={versions.map((v) => ({
          key: v.number,
          attrs: { 'data-version': v.number },
          cells: [
            <Group key="n" gap={6} wrap="nowrap">
              <Text fw={600}>{t('versionTitle', { number: v.number })}</Text>
              {v.number === latest && (
                <Badge size="sm" variant="light">
                  {t('latest')}
                </Badge>
              )}
            </Group>,
            format.dateTime(v.publishedAt, 'short'),
            v.publishedBy ? displayPersonName({ full: v.publishedBy.name }, v.publishedBy.email) : '—',
            v.number === 1 ? t('first') : t('changeCount', { count: v.changeCount }),
            <Anchor
              key="view"
              href={localePath(locale, `/platform/programme/versions?version=${v.number}`)}
              aria-label={t('view', { number: v.number })}
              data-testid="view-version"
            >
              {t('viewShort')}
            </Anchor>,
          ],
        }))}
        empty={t('none')}
        minWidth={640}
        title={0}
        primary={[3, 4]}
        nowrap={[1, 4]}
        testId="versions-table"
        emptyTestId="versions-empty"
      />
    </Stack>
  );
}
