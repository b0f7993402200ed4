import { Badge, Card, CardSection, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AppearanceChoice } from '@/components/cms/appearance-choice';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { listAppearances } from '@/lib/cms/appearances';
import { listTemplates, templateLabel } from '@/lib/cms/templates';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('appearances');
  return { title: t('chooseTitle') };
}

/** The appearance manager: every look with its thumbnail and templates; the organiser picks the one visitors see. */
export default async function ChooseAppearancePage() {
  const { db, conference, locale } = await requirePage('/platform/config/exterior');
  const [t, looks, templates] = await Promise.all([
    getTranslations('appearances'),
    listAppearances(db, conference.id),
    listTemplates(db, conference.id),
  ]);
  const templateName = (id: number | null) => templateLabel(templates, id, locale, t('defaultTemplate'));
  const noneActive = !looks.some((look) => look.active);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('chooseTitle')}</Title>
        <Group gap="xs">
          <ButtonLink href="/platform/config/template/list" variant="subtle">
            {t('toTemplates')}
          </ButtonLink>
          <ButtonLink href="/platform/config/exterior/list" variant="light" data-testid="manage-appearances">
            {t('manage')}
          </ButtonLink>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('chooseIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <Card withBorder data-testid="appearance-card" data-appearance="builtin">
          <CardSection h={135} bg="indigo.7" />
          <Group justify="space-between" mt="sm">
            <Text fw={600}>{t('builtIn')}</Text>
            {noneActive && (
              <Badge color="green" data-testid="in-use">
                {t('inUse')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('builtInHint')}
          </Text>
          {!noneActive && (
            <Group mt="sm">
              <AppearanceChoice id={null} />
            </Group>
          )}
        </Card>
        {looks.map((look) => (
          <Card withBorder key={look.id} data-testid="appearance-card" data-appearance={look.id}>
            <CardSection h={135}>
              {look.thumbnail ? (
                <Image src={`/api/conference/asset/${look.thumbnail}`} alt={localized(look.name, locale)} h={135} fit="cover" />
              ) : (
                <Stack h={135} bg="gray.1" />
              )}
            </CardSection>
            <Group justify="space-between" mt="sm">
              <Text fw={600}>{localized(look.name, locale)}</Text>
              {look.active && (
                <Badge color="green" data-testid="in-use">
                  {t('inUse')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {t('homeTemplate')}: {templateName(look.homeTemplateId)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('pageTemplate')}: {templateName(look.pageTemplateId)}
            </Text>
            {!look.active && (
              <Group mt="sm">
                <AppearanceChoice id={look.id} />
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
