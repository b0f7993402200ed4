import { Group, Paper, SimpleGrid, Stack, Table, TableTbody, TableTd, TableTh, TableTr, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ReviewerActions } from '@/components/reviewers/reviewer-actions';
import { AnchorLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { AppError } from '@/lib/http/app-error';
import { conferenceFormatter } from '@/lib/i18n/format';
import { countryName } from '@/lib/registration/countries';
import { REVIEWER_LIST_PATH } from '@/lib/reviewers/list-params';
import { reviewerDetailByAccount } from '@/lib/reviewers/queries';
import { parseAccountId } from '@/lib/validation/primitives';
import { StatusBadge } from '@/components/ui/status-badge';
import { displayPersonName } from '@/lib/people/person-name';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reviewers');
  return { title: t('infoTitle') };
}

const STATUS_COLOR = { pending: 'yellow', active: 'green', deactivated: 'gray' } as const;

/** One reviewer (spec §2 /platform/manage/reviewer/info/:userId; the segment is the reviewer's account id, as the spec has it). */
export default async function ReviewerInfoPage({ params }: { params: Promise<{ userId: string }> }) {
  const { db, conference, locale } = await requirePage('/platform/manage/reviewer/info/:userId');
  const userId = parseAccountId((await params).userId);
  if (userId === null) notFound();
  const detail = await reviewerDetailByAccount(db, conference.id, userId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'REVIEWER_NOT_FOUND') notFound();
    throw error;
  });
  const t = await getTranslations('reviewers');
  const format = conferenceFormatter(locale, conference.timeZone);
  const r = detail.reviewer;
  const table = (title: string, rows: [string, ReactNode][], testId: string) => (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Table>
        <TableTbody>
          {rows.map(([label, value]) => (
            <TableTr key={label}>
              <TableTh w="40%" scope="row">
                {label}
              </TableTh>
              <TableTd>{value === '' || value === null ? t('none') : value}</TableTd>
            </TableTr>
          ))}
        </TableTbody>
      </Table>
    </Paper>
  );
  return (
    <Stack gap="md">
      <AnchorLink href={REVIEWER_LIST_PATH}>{t('back')}</AnchorLink>
      <Group justify="space-between" align="flex-start">
        <Title order={3} data-testid="reviewer-info-title">
          {t('infoTitle')} ·{' '}
          {displayPersonName({ full: r.fullName, family: r.lastName, given: r.firstName, middle: r.middleName }, r.email)}
        </Title>
        <ReviewerActions id={r.id} email={r.email} role={r.role} active={r.active} listHref={REVIEWER_LIST_PATH} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {table(
          t('profileTitle'),
          [
            [t('email'), r.email],
            [t('lastName'), r.lastName],
            [t('middleName'), r.middleName],
            [t('firstName'), r.firstName],
            [t('fullName'), r.fullName],
            [t('organization'), r.organization],
            [t('phone'), r.phone],
            [t('country'), r.country ? countryName(r.country, locale) : ''],
            [t('direction'), r.direction],
          ],
          'reviewer-profile',
        )}
        <Stack gap="md">
          {table(
            t('invitationTitle'),
            [
              [t('role'), t(r.role === 'chair' ? 'role_chair' : 'role_reviewer')],
              [
                t('status'),
                <StatusBadge size="md" key="s" variant="light" color={STATUS_COLOR[r.status]} data-testid="reviewer-status">
                  {t(`status_${r.status}`)}
                </StatusBadge>,
              ],
              [t('invitedAt'), format.dateTime(r.invitedAt, 'short')],
              [t('activatedAt'), r.activatedAt ? format.dateTime(r.activatedAt, 'short') : ''],
            ],
            'reviewer-invitation',
          )}
          {table(
            t('workTitle'),
            [
              [t('assigned'), String(detail.assigned)],
              [t('submitted'), String(detail.submitted)],
            ],
            'reviewer-work',
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
