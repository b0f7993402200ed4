import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MailConfigForm } from '@/components/mail/mail-config-form';
import { MailTemplates } from '@/components/mail/template-editor';
import { requirePage } from '@/lib/auth/require-page';
import { managedMailConfig } from '@/lib/mail/conference-config';
import { defaultTemplate, EDITABLE_TEMPLATES, templateVars } from '@/lib/mail/template-catalog';
import { templateOverrides } from '@/lib/mail/template-overrides';
import { templateSamples } from '@/lib/mail/template-samples';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('mailConfig');
  return { title: t('title') };
}

/** The conference's mail (spec §2 /platform/config/email): its own SMTP account, a test send, and the mail templates. */
export default async function EmailConfigPage() {
  const { db, conference } = await requirePage('/platform/config/email');
  const [t, config, overrides] = await Promise.all([
    getTranslations('mailConfig'),
    managedMailConfig(db, conference.id),
    templateOverrides(db, conference.id),
  ]);
  const templates = EDITABLE_TEMPLATES.map((name) => ({
    name,
    vars: templateVars(name),
    defaults: defaultTemplate(name),
    override: overrides[name] ?? null,
  }));
  return (
    <Paper withBorder p="xl">
      <Stack gap="md">
        <Title order={3}>{t('title')}</Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        <MailConfigForm config={config} />
        <Divider />
        <MailTemplates templates={templates} samples={templateSamples(conference.title)} />
      </Stack>
    </Paper>
  );
}
