'use client';

import { Code, Group, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import {
  TEMPLATE_CSS_MAX_BYTES,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_TYPES,
  ZTemplateInput,
  type TemplateInput,
} from '@/lib/cms/template-schemas';
import { localized } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { UploadField } from '@/components/ui/upload-field';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';

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
  const router = useRouter();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZTemplateInput,
    defaultValues: initial,
    call: { path: '/conference/platform/config/template/save' },
    success: t('saved'),
    // A new template moves to its edit address.
    onSuccess: ({ id }: { id: number }, values) => {
      if (!values.id) router.replace(`/platform/config/template/edit/${id}`);
    },
    refresh: true,
  });
  const [isMobile, type] = useWatch({ control: form.control, name: ['isMobile', 'type'] });
  const loadCss = async (file: File | null) => {
    if (!file) return;
    form.setValue('css', await file.text(), { shouldDirty: true });
    form.clearErrors('css');
  };
  return (
    <form onSubmit={submit} noValidate data-testid="template-editor">
      <Stack gap="md">
        <BilingualInput
          control={form.control}
          name="name"
          label={{ zh: t('nameZh'), en: t('nameEn') }}
          required
          maxLength={100}
          testId="template-name"
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
              error={fieldError('type')}
              data-testid="template-type"
            />
          )}
        />
        <Text size="sm" c="dimmed">
          {t('placeholdersHint')}{' '}
          {TEMPLATE_PLACEHOLDERS.map((p) => (
            <Code key={p} mr={4}>{`{{${p}}}`}</Code>
          ))}
        </Text>
        <BilingualInput
          control={form.control}
          name="content"
          label={{ zh: t('contentZh'), en: t('contentEn') }}
          description={t('contentHint')}
          multiline={{ minRows: 6, maxRows: 20, code: true }}
          stacked
          testId="template-content"
        />
        <Stack gap={4}>
          <Textarea
            label={t('css')}
            description={t('cssHint')}
            autosize
            minRows={4}
            maxRows={16}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            error={fieldError('css')}
            data-testid="template-css"
            {...form.register('css')}
          />
          <UploadField
            types={['css']}
            maxBytes={TEMPLATE_CSS_MAX_BYTES}
            tooLargeMessage={tv('cssTooLarge')}
            buttonLabel={t('cssFile')}
            onPicked={loadCss}
            testId="template-css-file"
          />
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
                  error={fieldError('mobileTemplateId')}
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
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-template">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
