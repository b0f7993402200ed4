'use client';

import { Button, Code, Fieldset, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiAction } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { locales, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import {
  fillPlaceholders,
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  mailTemplateSchema,
  unknownPlaceholders,
  type MailTemplateInput,
} from '@/lib/mail/template-schema';
import { StatusBadge } from '@/components/ui/status-badge';

type Wording = { subject: LocalizedText; body: LocalizedText };
export type EditableTemplateView = { name: string; vars: readonly string[]; defaults: Wording; override: Wording | null };
type Samples = Record<Locale, Record<string, string | number>>;
const EMPTY: MailTemplateInput = { subject: { zh: '', en: '' }, body: { zh: '', en: '' } };

/** Chooses one of the conference's mail templates and edits it. */
export function MailTemplates({ templates, samples }: { templates: EditableTemplateView[]; samples: Samples }) {
  const t = useTranslations('mailConfig');
  const [name, setName] = useState(templates[0]?.name ?? '');
  const current = templates.find((x) => x.name === name) ?? templates[0];
  return (
    <Stack gap="md" data-testid="mail-templates">
      <Title order={4}>{t('templatesTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('templatesIntro')}
      </Text>
      <NativeSelect
        label={t('templateChoose')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data={templates.map((x) => ({ value: x.name, label: `${t(`template_${x.name}`)}${x.override ? ` · ${t('custom')}` : ''}` }))}
        data-testid="mail-template-choose"
      />
      {current && <MailTemplateForm key={current.name} template={current} samples={samples} />}
    </Stack>
  );
}

/**
 * One template: subject and plain-text body in zh and en with the placeholders it offers, unknown
 * ones named under their field as they are typed, a preview with sample values (an empty field
 * shows the built-in wording it falls back to), save and "restore the built-in default". It is saved
 * at `path` (by default the template's own address under /platform/config/email; the hotel screen
 * edits its booking mail through its own).
 */
export function MailTemplateForm({ template, samples, path }: { template: EditableTemplateView; samples: Samples; path?: string }) {
  const t = useTranslations('mailConfig');
  const { run } = useApiAction();
  const { name, vars, defaults } = template;
  const url = path ?? `/conference/platform/config/email/template/${name}`;
  const schema = useMemo(() => mailTemplateSchema(vars), [vars]);
  const { form, submit, fieldError, formError } = useApiForm({
    schema,
    defaultValues: template.override ?? EMPTY,
    call: { method: 'PUT', path: url },
    success: t('templateSaved'),
    refresh: true,
  });
  const values = useWatch({ control: form.control }) as MailTemplateInput;
  const errorOf = (field: 'subject' | 'body', locale: Locale) => {
    const unknown = unknownPlaceholders(values?.[field]?.[locale] ?? '', vars);
    if (unknown.length > 0) return t('unknownVars', { names: unknown.map((n) => `{${n}}`).join(', ') });
    return fieldError(`${field}.${locale}`);
  };
  const restore = () => run(url, { method: 'DELETE' }, t('restored'), { confirm: t('restoreConfirm'), onSuccess: () => form.reset(EMPTY) });
  const sample = (locale: Locale) => samples[locale];
  return (
    <Stack gap="md" data-testid="mail-template" data-template={name}>
      <Group justify="space-between">
        <Text fw={600}>{t(`template_${name}`)}</Text>
        <StatusBadge size="md" variant="light" color={template.override ? 'blue' : 'gray'} data-testid="mail-template-state">
          {template.override ? t('custom') : t('builtIn')}
        </StatusBadge>
      </Group>
      <Paper withBorder p="md" data-testid="mail-template-vars">
        <Text size="sm" fw={500} mb="xs">
          {t('varsTitle')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {vars.map((v) => (
            <Text component="li" size="sm" key={v}>
              <Code>{`{${v}}`}</Code> {t.has(`var_${v}`) ? t(`var_${v}`) : ''}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <form onSubmit={submit} noValidate data-testid="mail-template-form">
        <Stack gap="md">
          {locales.map((locale) => (
            <Fieldset key={locale} legend={t(`language_${locale}`)}>
              <Stack gap="sm">
                <TextInput
                  label={t('subject')}
                  description={t('emptyMeansDefault')}
                  placeholder={defaults.subject[locale]}
                  maxLength={MAIL_SUBJECT_MAX}
                  error={errorOf('subject', locale)}
                  data-testid={`mail-template-subject-${locale}`}
                  {...form.register(`subject.${locale}`)}
                />
                <Textarea
                  label={t('body')}
                  description={t('bodyHint')}
                  placeholder={defaults.body[locale]}
                  autosize
                  minRows={4}
                  maxLength={MAIL_BODY_MAX}
                  error={errorOf('body', locale)}
                  data-testid={`mail-template-body-${locale}`}
                  {...form.register(`body.${locale}`)}
                />
              </Stack>
            </Fieldset>
          ))}
          <Group gap="sm">
            <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="mail-template-save">
              {t('templateSave')}
            </SubmitButton>
            <Button variant="default" onClick={() => form.reset(defaults, { keepDefaultValues: true })} data-testid="mail-template-fill">
              {t('fillDefault')}
            </Button>
            <Button variant="subtle" color="red" onClick={restore} disabled={!template.override} data-testid="mail-template-restore">
              {t('restore')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="sm" data-testid="mail-template-preview">
        <Title order={5}>{t('previewTitle')}</Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {locales.map((locale) => {
            const subject = values?.subject?.[locale]?.trim() || defaults.subject[locale];
            const body = values?.body?.[locale]?.trim() || defaults.body[locale];
            return (
              <Paper key={locale} withBorder p="md" lang={locale === 'zh' ? 'zh-CN' : 'en'} data-testid={`mail-template-preview-${locale}`}>
                <Text size="xs" c="dimmed">
                  {t(`language_${locale}`)}
                </Text>
                <Text fw={600} mb="xs" style={{ overflowWrap: 'anywhere' }}>
                  {fillPlaceholders(subject, sample(locale))}
                </Text>
                {body
                  .split(/\r?\n/)
                  .filter((line) => line.trim() !== '')
                  .map((line, i) => (
                    <Text key={i} size="sm" mb={4} style={{ overflowWrap: 'anywhere' }}>
                      {fillPlaceholders(line, sample(locale))}
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
