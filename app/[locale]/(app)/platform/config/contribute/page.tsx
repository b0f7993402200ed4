import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CallConfigForm } from '@/components/submissions/config/call-config-form';
import { SessionTreeEditor } from '@/components/submissions/config/session-tree-editor';
import { requirePage } from '@/lib/auth/require-page';
import { callForPapers, callStateNow } from '@/lib/submissions/config';
import { StatusBadge } from '@/components/ui/status-badge';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('contributeConfig');
  return { title: t('title') };
}

/** The call for papers (spec §2 /platform/config/contribute): its settings and its sessions/themes. */
export default async function ContributeConfigPage() {
  const { db, conference, roles } = await requirePage('/platform/config/contribute');
  if (!roles.manager && !roles.platformAdmin) return null;
  const [t, call] = await Promise.all([getTranslations('contributeConfig'), callForPapers(db, conference.id)]);
  const { sessions, used, ...settings } = call;
  const state = callStateNow(call, conference.timeZone);
  return (
    <Stack gap="lg" data-testid="contribute-config">
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
          <Title order={3}>{t('title')}</Title>
          <StatusBadge
            size="md"
            variant="light"
            color={state === 'open' ? 'green' : state === 'firstPassed' ? 'yellow' : 'gray'}
            data-testid="call-state"
          >
            {t(`state_${state}`)}
          </StatusBadge>
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          {t('intro')}
        </Text>
        <CallConfigForm initial={settings} used={used} />
      </Paper>
      <SessionTreeEditor tree={sessions} />
    </Stack>
  );
}
