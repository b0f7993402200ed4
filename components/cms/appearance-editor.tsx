'use client';

import { Button, Group, Image, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { THUMBNAIL_MAX_BYTES, ZAppearanceInput, type AppearanceInput } from '@/lib/cms/template-schemas';
import { localized } from '@/lib/i18n/localized';
import { SubmitButton } from '@/components/ui/submit-button';
import { UploadField } from '@/components/ui/upload-field';
import { useAppLocale, useFieldError, useSaveToEdit } from '@/components/ui/use-api';

type TemplateChoice = { id: number; type: string; name: { zh: string; en: string } };

/** Adds or edits an appearance: names in zh and en (up to 20 characters), a jpg/png thumbnail up to 1 MB, the home and page templates. */
export function AppearanceEditor({ initial, templates }: { initial: AppearanceInput; templates: TemplateChoice[] }) {
  const t = useTranslations('appearances');
  const te = useTranslations('errors');
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const form = useForm<AppearanceInput>({ resolver: zodResolver(ZAppearanceInput) as never, defaultValues: initial });
  const thumbnail = useWatch({ control: form.control, name: 'thumbnail' });
  const errors = form.formState.errors;
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
          <Group align="flex-start">
            <UploadField<{ name: string }>
              url="/conference/platform/config/exterior/thumbnail"
              types={['jpg', 'jpeg', 'png']}
              maxBytes={THUMBNAIL_MAX_BYTES}
              tooLargeMessage={te('thumbnailTooLarge')}
              buttonLabel={t('uploadThumbnail')}
              testId="upload-thumbnail"
              onUploaded={({ name }) => form.setValue('thumbnail', name, { shouldDirty: true })}
            />
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
