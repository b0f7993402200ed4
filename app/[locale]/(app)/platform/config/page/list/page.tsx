import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageActions } from '@/components/cms/page-actions';
import { ButtonLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { listPages } from '@/lib/cms/pages';
import { localized } from '@/lib/i18n/localized';
import { conferenceFormatter } from '@/lib/i18n/format';
import { StatusBadge } from '@/components/ui/status-badge';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages');
  return { title: t('title') };
}

/** The conference's content pages, with their publication. */
export default async function PageListPage() {
  const { db, conference, locale } = await requirePage('/platform/config/page/list');
  const [t, pages] = await Promise.all([getTranslations('pages'), listPages(db, conference.id)]);
  const format = conferenceFormatter(locale, conference.timeZone);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('title')}</Title>
        <ButtonLink href="/platform/config/page/add" data-testid="add-page">
          {t('add')}
        </ButtonLink>
      </Group>
      <ListTable
        testId="page-table"
        minWidth={720}
        empty={t('empty')}
        head={[t('colName'), t('colStatus'), t('colUpdated'), t('colActions')]}
        rows={pages.map((page) => ({
          key: page.id,
          attrs: { 'data-page': page.id },
          cells: [
            <Group gap={4} key="name">
              <Text size="sm" fw={500}>
                {localized(page.name, locale)}
              </Text>
              {page.isMobile && (
                <Badge size="xs" variant="light">
                  {t('mobileBadge')}
                </Badge>
              )}
            </Group>,
            <StatusBadge key="status" size="sm" variant="light" color={page.published ? 'green' : 'gray'} data-testid="page-status">
              {page.published ? t('published') : t('draft')}
            </StatusBadge>,
            <Text key="updated" size="sm">
              {format.dateTime(page.updatedAt, 'short')}
            </Text>,
            <PageActions key="actions" id={page.id} published={page.published} />,
          ],
        }))}
      />
    </Stack>
  );
}
