'use client';

import { Badge, Button, Code, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { HotelMailTemplate } from '@/db/schema/hotel';
import {
  fillPlaceholders,
  HOTEL_MAIL_BODY_MAX,
  HOTEL_MAIL_SUBJECT_MAX,
  hotelMailTemplateSchema,
  unknownPlaceholders,
  type HotelMailTemplateInput,
} from '@/lib/hotel/mail-template-schema';
import { locales, type Locale } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useFieldError } from '@/components/ui/use-api';

const PATH = '/conference/platform/manage/hotel/mail-template';
const EMPTY: HotelMailTemplateInput = { subject: { zh: '', en: '' }, body: { zh: '', en: '' } };

type Props = {
  /** The saved template; null while the default wording is in use. */
  initial: HotelMailTemplate | null;
  defaults: HotelMailTemplate;
  vars: readonly string[];
  /** Sample values of the variables in each language, for the preview. */
  samples: Record<Locale, Record<string, string | number>>;
};

/**
 * The hotel booking mail editor: subject and plain-text body in zh and en with the variables it
 * may use, unknown `{placeholders}` named under their field as they are typed, a preview filled
 * with sample values (an empty field shows the default it falls back to), save and "back to the
 * default wording".
 */
export function MailTemplateEditor({ initial, defaults, vars, samples }: Props) {
  const t = useTranslations('hotelAdmin');
  const api = useApi();
  const router = useRouter();
  const fieldError = useFieldError();
  const schema = useMemo(() => hotelMailTemplateSchema(vars), [vars]);
  const form = useForm<HotelMailTemplateInput>({ resolver: zodResolver(schema) as never, defaultValues: initial ?? EMPTY });
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control }) as HotelMailTemplateInput;

  const errorOf = (field: 'subject' | 'body', locale: Locale) => {
    const unknown = unknownPlaceholders(values?.[field]?.[locale] ?? '', vars);
    if (unknown.length > 0) return t('unknownVars', { names: unknown.map((n) => `{${n}}`).join(', ') });
    return fieldError(errors[field]?.[locale]);
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      await api(PATH, { method: 'PUT', body: input });
      notifications.show({ color: 'green', message: t('mailSaved') });
      router.refresh();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });
  const restore = async () => {
    if (!window.confirm(t('mailRestoreConfirm'))) return;
    try {
      await api(PATH, { method: 'DELETE' });
      form.reset(EMPTY);
      notifications.show({ color: 'green', message: t('mailRestored') });
      router.refresh();
    } catch (error) {
      showApiError(error);
    }
  };
  const fillDefaults = () => form.reset(defaults, { keepDefaultValues: true });

  return (
    <Stack gap="md" data-testid="hotel-mail">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={4}>{t('mailTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('mailIntro')}
          </Text>
        </div>
        <Badge variant="light" color={initial ? 'blue' : 'gray'} data-testid="hotel-mail-state">
          {initial ? t('mailCustom') : t('mailDefault')}
        </Badge>
      </Group>

      <Paper withBorder p="md" data-testid="hotel-mail-vars">
        <Text size="sm" fw={500} mb="xs">
          {t('varsTitle')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {vars.map((name) => (
            <Text component="li" size="sm" key={name}>
              <Code>{`{${name}}`}</Code> {t.has(`var_${name}`) ? t(`var_${name}`) : ''}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>

      <form onSubmit={submit} noValidate data-testid="hotel-mail-form">
        <Stack gap="md">
          {locales.map((locale) => (
            <Fieldset key={locale} legend={t(`mailLanguage_${locale}`)}>
              <Stack gap="sm">
                <TextInput
                  label={t('mailSubject')}
                  description={t('mailEmptyMeansDefault')}
                  placeholder={defaults.subject[locale]}
                  maxLength={HOTEL_MAIL_SUBJECT_MAX}
                  error={errorOf('subject', locale)}
                  data-testid={`hotel-mail-subject-${locale}`}
                  {...form.register(`subject.${locale}`)}
                />
                <Textarea
                  label={t('mailBody')}
                  description={t('mailBodyHint')}
                  placeholder={defaults.body[locale]}
                  autosize
                  minRows={5}
                  maxLength={HOTEL_MAIL_BODY_MAX}
                  error={errorOf('body', locale)}
                  data-testid={`hotel-mail-body-${locale}`}
                  {...form.register(`body.${locale}`)}
                />
              </Stack>
            </Fieldset>
          ))}
          <Group gap="sm">
            <SubmitButton loading={form.formState.isSubmitting} data-testid="hotel-mail-save">
              {t('mailSave')}
            </SubmitButton>
            <Button variant="default" onClick={fillDefaults} data-testid="hotel-mail-fill-default">
              {t('mailFillDefault')}
            </Button>
            <Button variant="subtle" color="red" onClick={restore} disabled={!initial} data-testid="hotel-mail-restore">
              {t('mailRestore')}
            </Button>
          </Group>
        </Stack>
      </form>

      <Stack gap="sm" data-testid="hotel-mail-preview">
        <Title order={4}>{t('previewTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('previewIntro')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {locales.map((locale) => {
            const subject = values?.subject?.[locale]?.trim() || defaults.subject[locale];
            const body = values?.body?.[locale]?.trim() || defaults.body[locale];
            return (
              <Paper key={locale} withBorder p="md" lang={locale === 'zh' ? 'zh-CN' : 'en'} data-testid={`hotel-mail-preview-${locale}`}>
                <Text size="xs" c="dimmed">
                  {t(`mailLanguage_${locale}`)}
                </Text>
                <Text fw={600} mb="xs" style={{ overflowWrap: 'anywhere' }}>
                  {fillPlaceholders(subject, samples[locale])}
                </Text>
                {body
                  .split(/\r?\n/)
                  .filter((line) => line.trim() !== '')
                  .map((line, i) => (
                    <Text key={i} size="sm" mb={4} style={{ overflowWrap: 'anywhere' }}>
                      {fillPlaceholders(line, samples[locale])}
                    </Text>
                  ))}
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
