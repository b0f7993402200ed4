import { Badge, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DeleteAction } from '@/components/ui/delete-action';
import { ButtonLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { listAppearances } from '@/lib/cms/appearances';
import { listTemplates, templateLabel } from '@/lib/cms/templates';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('appearances');
  return { title: t('title') };
}

/** The conference's appearances, to add, edit or delete (not the one in use). */
export default async function AppearanceListPage() {
  const { db, conference, locale } = await requirePage('/platform/config/exterior/list');
  const [t, looks, templates] = await Promise.all([
    getTranslations('appearances'),
    listAppearances(db, conference.id),
    listTemplates(db, conference.id),
  ]);
  const templateName = (id: number | null) => templateLabel(templates, id, locale, t('defaultTemplate'));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('title')}</Title>
        <Group gap="xs">
          <ButtonLink href="/platform/config/exterior" variant="subtle">
            {t('backToChoice')}
          </ButtonLink>
          <ButtonLink href="/platform/config/exterior/add" data-testid="add-appearance">
            {t('add')}
          </ButtonLink>
        </Group>
      </Group>
      <ListTable
        testId="appearance-table"
        minWidth={720}
        empty={t('empty')}
        head={[t('thumbnail'), t('colName'), t('homeTemplate'), t('pageTemplate'), t('colActions')]}
        rows={looks.map((look) => ({
          key: look.id,
          attrs: { 'data-appearance': look.id },
          cells: [
            look.thumbnail ? (
              <Image key="thumbnail" src={`/api/conference/asset/${look.thumbnail}`} alt="" w={80} h={45} fit="cover" radius="xs" />
            ) : (
              <Text key="thumbnail" size="xs" c="dimmed">
                —
              </Text>
            ),
            <Group key="name" gap={4}>
              <Text size="sm" fw={500}>
                {localized(look.name, locale)}
              </Text>
              {look.active && (
                <Badge size="xs" color="green">
                  {t('inUse')}
                </Badge>
              )}
            </Group>,
            <Text key="home" size="sm">
              {templateName(look.homeTemplateId)}
            </Text>,
            <Text key="page" size="sm">
              {templateName(look.pageTemplateId)}
            </Text>,
            <Group key="actions" gap={4} wrap="nowrap">
              <ButtonLink
                size="compact-xs"
                variant="subtle"
                href={`/platform/config/exterior/edit/${look.id}`}
                data-testid="edit-appearance"
              >
                {t('edit')}
              </ButtonLink>
              <DeleteAction
                path={`/conference/platform/config/exterior/delete?id=${look.id}`}
                label={t('delete')}
                confirm={t('confirmDelete')}
                done={t('deleted')}
              />
            </Group>,
          ],
        }))}
      />
    </Stack>
  );
}
