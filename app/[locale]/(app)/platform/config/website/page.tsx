import { conferenceStatus } from '@/lib/conferences/status';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BannerUpload } from '@/components/conferences/banner-upload';
import { ManagersPanel } from '@/components/conferences/managers-panel';
import { WebsiteConfigForm } from '@/components/conferences/website-config-form';
import { AnchorLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { listPages } from '@/lib/cms/pages';
import { domainsOf } from '@/lib/conferences/domains';
import { findWebsiteSettings, listManagers } from '@/lib/conferences/website-settings';
import { StatusBadge } from '@/components/ui/status-badge';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('websiteConfig');
  return { title: t('title') };
}

/** The organisers' website settings: the conference's public details, banner, status and administrators. */
export default async function WebsiteConfigPage() {
  const { db, conference, roles } = await requirePage('/platform/config/website');
  if (!roles.manager && !roles.platformAdmin) return null;
  const [t, tc, settings, managers, pages] = await Promise.all([
    getTranslations('websiteConfig'),
    getTranslations('console'),
    findWebsiteSettings(db, conference),
    listManagers(db, conference.id),
    listPages(db, conference.id),
  ]);
  const domains = await domainsOf(db, conference.id);
  const status = conferenceStatus(conference.status);
  return (
    <Stack gap="lg">
      <Title order={3}>{t('title')}</Title>
      <Paper withBorder p="md">
        <Group gap="sm">
          <Text fw={500}>{t('status')}</Text>
          <StatusBadge size="md" variant="light" data-testid="website-status">
            {tc(`status${status}`)}
          </StatusBadge>
          <AnchorLink href="/console" size="sm">
            {t('statusHint')}
          </AnchorLink>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          {t('banner')}
        </Title>
        <BannerUpload banner={conference.banner} />
      </Paper>
      <WebsiteConfigForm
        initial={settings}
        domainStates={domains}
        pages={pages.filter((p) => !p.isMobile).map((p) => ({ id: p.id, name: p.name, published: p.published }))}
      />
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          {t('admins')}
        </Title>
        <ManagersPanel managers={managers} />
      </Paper>
    </Stack>
  );
}
