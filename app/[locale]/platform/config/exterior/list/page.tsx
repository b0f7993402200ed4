import { Badge, Group, Image, Paper, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DeleteAction } from '@/components/cms/delete-action';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { listAppearances } from '@/lib/cms/appearances';
import { listTemplates } from '@/lib/cms/templates';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('appearances');
  return { title: t('title') };
}

/** The conference's appearances, to add, edit or delete (not the one in use). */
export default async function AppearanceListPage() {
  const { db, conference, locale } = await requirePage('/platform/config/exterior/list');
  const [t, looks, templates] = await Promise.all([getTranslations('appearances'), listAppearances(db, conference.id), listTemplates(db, conference.id)]);
  const templateName = (id: number | null) => {
    const template = id ? templates.find((tp) => tp.id === id) : undefined;
    return template ? localized(template.name, locale) : t('defaultTemplate');
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('title')}</Title>
        <Group gap="xs">
          <ButtonLink href="/platform/config/exterior" variant="subtle">{t('backToChoice')}</ButtonLink>
          <ButtonLink href="/platform/config/exterior/add" data-testid="add-appearance">{t('add')}</ButtonLink>
        </Group>
      </Group>
      <Paper withBorder>
        {looks.length === 0 ? (
          <Text c="dimmed" p="md">{t('empty')}</Text>
        ) : (
          <TableScrollContainer minWidth={720}>
            <Table striped data-testid="appearance-table">
              <TableThead>
                <TableTr>
                  <TableTh>{t('thumbnail')}</TableTh>
                  <TableTh>{t('colName')}</TableTh>
                  <TableTh>{t('homeTemplate')}</TableTh>
                  <TableTh>{t('pageTemplate')}</TableTh>
                  <TableTh>{t('colActions')}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {looks.map((look) => (
                  <TableTr key={look.id} data-appearance={look.id}>
                    <TableTd>{look.thumbnail ? <Image src={`/api/conference/asset/${look.thumbnail}`} alt="" w={80} h={45} fit="cover" radius="xs" /> : <Text size="xs" c="dimmed">—</Text>}</TableTd>
                    <TableTd>
                      <Group gap={4}>
                        <Text size="sm" fw={500}>{localized(look.name, locale)}</Text>
                        {look.active && <Badge size="xs" color="green">{t('inUse')}</Badge>}
                      </Group>
                    </TableTd>
                    <TableTd><Text size="sm">{templateName(look.homeTemplateId)}</Text></TableTd>
                    <TableTd><Text size="sm">{templateName(look.pageTemplateId)}</Text></TableTd>
                    <TableTd>
                      <Group gap={4} wrap="nowrap">
                        <ButtonLink size="compact-xs" variant="subtle" href={`/platform/config/exterior/edit/${look.id}`} data-testid="edit-appearance">{t('edit')}</ButtonLink>
                        <DeleteAction path={`/conference/platform/config/exterior/delete?id=${look.id}`} namespace="appearances" />
                      </Group>
                    </TableTd>
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
