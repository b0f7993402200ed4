'use client';

import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { useApiForm } from '@/components/ui/use-api-form';
import {
  CERTIFICATE_BODY_MAX,
  CERTIFICATE_PLACEHOLDERS,
  CERTIFICATE_TITLE_MAX,
  unknownCertificatePlaceholders,
  ZCertificateSettings,
  type CertificateSettingsInput,
} from '@/lib/certificates/settings-schema';

/**
 * The certificate's bilingual text (issue 24 point 5): a title and a text per language with placeholders — listed
 * here, and any other one named under its box as it is typed, then refused by the same schema on the server — and
 * who signs.
 */
export function CertificateSettingsForm({ settings }: { settings: CertificateSettingsInput }) {
  const t = useTranslations('onsiteDocs');
  const { form, submit } = useApiForm({
    schema: ZCertificateSettings,
    defaultValues: settings,
    call: { path: '/conference/platform/onsite/certificates' },
    success: t('certSaved'),
    refresh: true,
  });
  const [title, body] = useWatch({ control: form.control, name: ['title', 'body'] });
  const unknown = [...new Set([title?.zh, title?.en, body?.zh, body?.en].flatMap((text) => unknownCertificatePlaceholders(text ?? '')))];
  return (
    <form onSubmit={submit} noValidate data-testid="certificate-settings">
      <Stack gap="md">
        <Title order={4}>{t('textTitle')}</Title>
        <BilingualInput
          control={form.control}
          name="title"
          label={{ zh: t('certTitleZh'), en: t('certTitleEn') }}
          maxLength={CERTIFICATE_TITLE_MAX}
          required
          testId="certificate-title"
        />
        <BilingualInput
          control={form.control}
          name="body"
          label={{ zh: t('certBodyZh'), en: t('certBodyEn') }}
          maxLength={CERTIFICATE_BODY_MAX}
          multiline={{ minRows: 4, maxRows: 10 }}
          required
          stacked
          testId="certificate-body"
        />
        <Text size="sm" c="dimmed" data-testid="certificate-placeholders">
          {t('placeholders', { list: CERTIFICATE_PLACEHOLDERS.map((p) => `{${p}}`).join(' ') })}
        </Text>
        {unknown.length > 0 && (
          <Text size="sm" c="red" role="alert" data-testid="certificate-unknown">
            {t('unknownPlaceholders', { names: unknown.join(', ') })}
          </Text>
        )}
        <BilingualInput
          control={form.control}
          name="signatory"
          label={{ zh: t('signatoryZh'), en: t('signatoryEn') }}
          maxLength={100}
          testId="certificate-signatory"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="certificate-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
