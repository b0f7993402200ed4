import { Badge, Group, Paper, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageActions } from '@/components/cms/page-actions';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { listPages } from '@/lib/cms/pages';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages');
  return { title: t('title') };
}

/** The conference's content pages, with their publication. */
export default async function PageListPage() {
  const { db, conference, locale } = await requirePage('/platform/config/page/list');
  const [t, pages] = await Promise.all([getTranslations('pages'), listPages(db, conference.id)]);
  const dateTime = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: conference.timeZone || 'Asia/Shanghai' });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('title')}</Title>
        <ButtonLink href="/platform/config/page/add" data-testid="add-page">{t('add')}</ButtonLink>
      </Group>
      <Paper withBorder>
        {pages.length === 0 ? (
          <Text c="dimmed" p="md">{t('empty')}</Text>
        ) : (
          <TableScrollContainer minWidth={720}>
            <Table striped data-testid="page-table">
              <TableThead>
                <TableTr>
                  <TableTh>{t('colName')}</TableTh>
                  <TableTh>{t('colStatus')}</TableTh>
                  <TableTh>{t('colUpdated')}</TableTh>
                  <TableTh>{t('colActions')}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {pages.map((page) => (
                  <TableTr key={page.id} data-page={page.id}>
                    <TableTd>
                      <Group gap={4}>
                        <Text size="sm" fw={500}>{localized(page.name, locale)}</Text>
                        {page.isMobile && <Badge size="xs" variant="light">{t('mobileBadge')}</Badge>}
                      </Group>
                    </TableTd>
                    <TableTd><Badge size="sm" variant="light" color={page.published ? 'green' : 'gray'} data-testid="page-status">{page.published ? t('published') : t('draft')}</Badge></TableTd>
                    <TableTd><Text size="sm">{dateTime.format(page.updatedAt)}</Text></TableTd>
                    <TableTd><PageActions id={page.id} published={page.published} /></TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
