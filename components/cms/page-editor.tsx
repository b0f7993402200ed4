'use client';

import { Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ZPageInput, type PageInput } from '@/lib/cms/page-schemas';
import { localized } from '@/lib/i18n/localized';
import { showApiError } from '@/components/ui/form-errors';
import { RichTextInput } from '@/components/ui/rich-text-editor';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useAppLocale, useFieldError, useSaveToEdit } from '@/components/ui/use-api';

/** Adds or edits a page: names and rich-text content in zh and en (with pictures), mobile flag and related mobile page. */
export function PageEditor({
  initial,
  mobilePages,
}: {
  initial: PageInput;
  mobilePages: { id: number; name: { zh: string; en: string } }[];
}) {
  const t = useTranslations('pages');
  const api = useApi();
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const form = useForm<PageInput>({ resolver: zodResolver(ZPageInput) as never, defaultValues: initial });
  const isMobile = useWatch({ control: form.control, name: 'isMobile' });
  const errors = form.formState.errors;
  const uploadImage = async (file: File) => {
    const body = new FormData();
    body.set('file', file);
    try {
      return (await api<{ src: string }>('/conference/platform/config/page/image', { body })).src;
    } catch (error) {
      showApiError(error);
      throw error;
    }
  };
  const save = useSaveToEdit('/conference/platform/config/page/save', '/platform/config/page/edit', t('saved'));
  const submit = form.handleSubmit((values) => save(values, form.setError));
  return (
    <form onSubmit={submit} noValidate data-testid="page-editor">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('nameZh')} required maxLength={100} error={fieldError(errors.name?.zh)} {...form.register('name.zh')} />
          <TextInput label={t('nameEn')} required maxLength={100} error={fieldError(errors.name?.en)} {...form.register('name.en')} />
        </SimpleGrid>
        {(['zh', 'en'] as const).map((lang) => (
          <Controller
            key={lang}
            control={form.control}
            name={`content.${lang}`}
            render={({ field }) => (
              <RichTextInput
                label={t(lang === 'zh' ? 'contentZh' : 'contentEn')}
                value={field.value ?? ''}
                onChange={field.onChange}
                error={fieldError(errors.content?.[lang])}
                testId={`content-${lang}`}
                onImageUpload={uploadImage}
              />
            )}
          />
        ))}
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
              />
            )}
          />
          {!isMobile && (
            <Controller
              control={form.control}
              name="mobilePageId"
              render={({ field }) => (
                <Select
                  label={t('mobilePage')}
                  description={t('mobilePageHint')}
                  clearable
                  placeholder={t('none')}
                  data={mobilePages
                    .filter((p) => p.id !== initial.id)
                    .map((p) => ({ value: String(p.id), label: localized(p.name, locale) }))}
                  value={field.value ? String(field.value) : null}
                  onChange={(v) => field.onChange(v ? Number(v) : null)}
                  error={fieldError(errors.mobilePageId)}
                />
              )}
            />
          )}
        </Group>
        <Group justify="flex-end">
          <SubmitButton loading={form.formState.isSubmitting} data-testid="save-page">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
