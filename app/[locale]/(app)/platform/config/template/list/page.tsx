import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DeleteAction } from '@/components/ui/delete-action';
import { ButtonLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { listTemplates } from '@/lib/cms/templates';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('templates');
  return { title: t('title') };
}

/** The conference's page templates: kind, mobile and default flags, and how many appearances draw with each. */
export default async function TemplateListPage() {
  const { db, conference, locale } = await requirePage('/platform/config/template/list');
  const [t, templates] = await Promise.all([getTranslations('templates'), listTemplates(db, conference.id)]);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('title')}</Title>
        <Group gap="xs">
          <ButtonLink href="/platform/config/exterior" variant="subtle">
            {t('toAppearances')}
          </ButtonLink>
          <ButtonLink href="/platform/config/template/add" data-testid="add-template">
            {t('add')}
          </ButtonLink>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <ListTable
        testId="template-table"
        minWidth={640}
        empty={t('empty')}
        head={[t('colName'), t('colType'), t('colUsedBy'), t('colActions')]}
        rows={templates.map((template) => ({
          key: template.id,
          attrs: { 'data-template': template.id },
          cells: [
            <Group gap={4} key="name">
              <Text size="sm" fw={500}>
                {localized(template.name, locale)}
              </Text>
              {template.isMobile && (
                <Badge size="xs" variant="light">
                  {t('mobileBadge')}
                </Badge>
              )}
              {template.isDefault && (
                <Badge size="xs" variant="light" color="green">
                  {t('defaultBadge')}
                </Badge>
              )}
            </Group>,
            <Text key="type" size="sm">
              {t(`type_${template.type}`)}
            </Text>,
            <Text key="used" size="sm">
              {template.usedBy}
            </Text>,
            <Group key="actions" gap={4} wrap="nowrap">
              <ButtonLink
                size="compact-xs"
                variant="subtle"
                href={`/platform/config/template/edit/${template.id}`}
                data-testid="edit-template"
              >
                {t('edit')}
              </ButtonLink>
              <DeleteAction
                path={`/conference/platform/config/template/delete?id=${template.id}`}
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
