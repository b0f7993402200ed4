'use client';

import { Button, FileButton, Group, Image, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { THUMBNAIL_MAX_BYTES, ZAppearanceInput, type AppearanceInput } from '@/lib/cms/template-schemas';
import { localized } from '@/lib/i18n/localized';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useAppLocale, useFieldError, useSaveToEdit } from '@/components/ui/use-api';

type TemplateChoice = { id: number; type: string; name: { zh: string; en: string } };

/** Adds or edits an appearance: names in zh and en (up to 20 characters), a jpg/png thumbnail up to 1 MB, the home and page templates. */
export function AppearanceEditor({ initial, templates }: { initial: AppearanceInput; templates: TemplateChoice[] }) {
  const t = useTranslations('appearances');
  const te = useTranslations('errors');
  const api = useApi();
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const [uploading, setUploading] = useState(false);
  const form = useForm<AppearanceInput>({ resolver: zodResolver(ZAppearanceInput) as never, defaultValues: initial });
  const thumbnail = useWatch({ control: form.control, name: 'thumbnail' });
  const errors = form.formState.errors;
  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > THUMBNAIL_MAX_BYTES) {
      notifications.show({ color: 'red', message: te('thumbnailTooLarge') });
      return;
    }
    const body = new FormData();
    body.set('file', file);
    setUploading(true);
    try {
      const { name } = await api<{ name: string }>('/conference/platform/config/exterior/thumbnail', { body });
      form.setValue('thumbnail', name, { shouldDirty: true });
    } catch (error) {
      showApiError(error);
    } finally {
      setUploading(false);
    }
  };
  const save = useSaveToEdit('/conference/platform/config/exterior/save', '/platform/config/exterior/edit', t('saved'));
  const submit = form.handleSubmit((values) => save(values, form.setError));
  const picker = (name: 'homeTemplateId' | 'pageTemplateId', type: 'home' | 'page') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={t(name === 'homeTemplateId' ? 'homeTemplate' : 'pageTemplate')}
          description={t('templateHint')}
          clearable
          placeholder={t('defaultTemplate')}
          data={templates.filter((tp) => tp.type === type).map((tp) => ({ value: String(tp.id), label: localized(tp.name, locale) }))}
          value={field.value ? String(field.value) : null}
          onChange={(v) => field.onChange(v ? Number(v) : null)}
          error={fieldError(errors[name])}
          data-testid={`appearance-${type}-template`}
        />
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="appearance-editor">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('nameZh')}
            required
            error={fieldError(errors.name?.zh)}
            data-testid="appearance-name-zh"
            {...form.register('name.zh')}
          />
          <TextInput
            label={t('nameEn')}
            required
            error={fieldError(errors.name?.en)}
            data-testid="appearance-name-en"
            {...form.register('name.en')}
          />
          {picker('homeTemplateId', 'home')}
          {picker('pageTemplateId', 'page')}
        </SimpleGrid>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('thumbnail')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('thumbnailHint')}
          </Text>
          {thumbnail && (
            <Image
              src={`/api/conference/asset/${thumbnail}`}
              alt={t('thumbnail')}
              w={240}
              h={135}
              fit="cover"
              radius="sm"
              data-testid="thumbnail-image"
            />
          )}
          <Group>
            <FileButton onChange={upload} accept=".jpg,.jpeg,.png">
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={uploading} data-testid="upload-thumbnail">
                  {t('uploadThumbnail')}
                </Button>
              )}
            </FileButton>
            {thumbnail && (
              <Button size="xs" variant="subtle" color="red" onClick={() => form.setValue('thumbnail', '', { shouldDirty: true })}>
                {t('removeThumbnail')}
              </Button>
            )}
          </Group>
        </Stack>
        <Group justify="flex-end">
          <SubmitButton loading={form.formState.isSubmitting} data-testid="save-appearance">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
