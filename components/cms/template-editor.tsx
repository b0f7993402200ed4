'use client';

import { Button, Code, FileButton, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  TEMPLATE_CSS_MAX_BYTES,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_TYPES,
  ZTemplateInput,
  type TemplateInput,
} from '@/lib/cms/template-schemas';
import { localized } from '@/lib/i18n/localized';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAppLocale, useFieldError, useSaveToEdit } from '@/components/ui/use-api';

type MobileTemplate = { id: number; type: string; name: { zh: string; en: string } };

/**
 * Adds or edits a page template: names in zh and en, kind, HTML in zh and en with placeholders, a
 * stylesheet typed or loaded from a .css file (up to 1024 KB), mobile flag, related mobile
 * template and the default flag.
 */
export function TemplateEditor({ initial, mobileTemplates }: { initial: TemplateInput; mobileTemplates: MobileTemplate[] }) {
  const t = useTranslations('templates');
  const tv = useTranslations('validation');
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const form = useForm<TemplateInput>({ resolver: zodResolver(ZTemplateInput) as never, defaultValues: initial });
  const [isMobile, type] = useWatch({ control: form.control, name: ['isMobile', 'type'] });
  const errors = form.formState.errors;
  const loadCss = async (file: File | null) => {
    if (!file) return;
    if (file.size > TEMPLATE_CSS_MAX_BYTES) {
      form.setError('css', { message: tv('cssTooLarge') });
      return;
    }
    form.setValue('css', await file.text(), { shouldDirty: true });
    form.clearErrors('css');
  };
  const save = useSaveToEdit('/conference/platform/config/template/save', '/platform/config/template/edit', t('saved'));
  const submit = form.handleSubmit((values) => save(values, form.setError));
  return (
    <form onSubmit={submit} noValidate data-testid="template-editor">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('nameZh')}
            required
            maxLength={100}
            error={fieldError(errors.name?.zh)}
            data-testid="template-name-zh"
            {...form.register('name.zh')}
          />
          <TextInput
            label={t('nameEn')}
            required
            maxLength={100}
            error={fieldError(errors.name?.en)}
            data-testid="template-name-en"
            {...form.register('name.en')}
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label={t('type')}
                required
                allowDeselect={false}
                data={TEMPLATE_TYPES.map((v) => ({ value: v, label: t(`type_${v}`) }))}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v)}
                error={fieldError(errors.type)}
                data-testid="template-type"
              />
            )}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('placeholdersHint')}{' '}
          {TEMPLATE_PLACEHOLDERS.map((p) => (
            <Code key={p} mr={4}>{`{{${p}}}`}</Code>
          ))}
        </Text>
        {(['zh', 'en'] as const).map((lang) => (
          <Textarea
            key={lang}
            label={t(lang === 'zh' ? 'contentZh' : 'contentEn')}
            description={t('contentHint')}
            autosize
            minRows={6}
            maxRows={20}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            error={fieldError(errors.content?.[lang])}
            data-testid={`template-content-${lang}`}
            {...form.register(`content.${lang}`)}
          />
        ))}
        <Stack gap={4}>
          <Textarea
            label={t('css')}
            description={t('cssHint')}
            autosize
            minRows={4}
            maxRows={16}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            error={fieldError(errors.css)}
            data-testid="template-css"
            {...form.register('css')}
          />
          <Group>
            <FileButton onChange={loadCss} accept=".css,text/css">
              {(props) => (
                <Button variant="light" size="xs" {...props} data-testid="template-css-file">
                  {t('cssFile')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
        <Group align="flex-start">
          <Controller
            control={form.control}
            name="isMobile"
            render={({ field }) => (
              <Switch
                label={t('isMobile')}
                description={t('isMobileHint')}
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="template-mobile"
              />
            )}
          />
          {!isMobile && (
            <Controller
              control={form.control}
              name="mobileTemplateId"
              render={({ field }) => (
                <Select
                  label={t('mobileTemplate')}
                  description={t('mobileTemplateHint')}
                  clearable
                  placeholder={t('none')}
                  data={mobileTemplates
                    .filter((m) => m.id !== initial.id && m.type === type)
                    .map((m) => ({ value: String(m.id), label: localized(m.name, locale) }))}
                  value={field.value ? String(field.value) : null}
                  onChange={(v) => field.onChange(v ? Number(v) : null)}
                  error={fieldError(errors.mobileTemplateId)}
                  data-testid="template-mobile-template"
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name="isDefault"
            render={({ field }) => (
              <Switch
                label={t('isDefault')}
                description={t('isDefaultHint')}
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="template-default"
              />
            )}
          />
        </Group>
        <Group justify="flex-end">
          <SubmitButton loading={form.formState.isSubmitting} data-testid="save-template">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
