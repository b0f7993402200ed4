'use client';

import { Button, Group, Image, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { THUMBNAIL_MAX_BYTES, ZAppearanceInput, type AppearanceInput } from '@/lib/cms/template-schemas';
import { localized } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { UploadField } from '@/components/ui/upload-field';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';

type TemplateChoice = { id: number; type: string; name: { zh: string; en: string } };

/** Adds or edits an appearance: names in zh and en (up to 20 characters), a jpg/png thumbnail up to 1 MB, the home and page templates. */
export function AppearanceEditor({ initial, templates }: { initial: AppearanceInput; templates: TemplateChoice[] }) {
  const t = useTranslations('appearances');
  const te = useTranslations('errors');
  const locale = useAppLocale();
  const router = useRouter();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZAppearanceInput,
    defaultValues: initial,
    call: { path: '/conference/platform/config/exterior/save' },
    success: t('saved'),
    // A new appearance moves to its edit address.
    onSuccess: ({ id }: { id: number }, values) => {
      if (!values.id) router.replace(`/platform/config/exterior/edit/${id}`);
    },
    refresh: true,
  });
  const thumbnail = useWatch({ control: form.control, name: 'thumbnail' });
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
          error={fieldError(name)}
          data-testid={`appearance-${type}-template`}
        />
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="appearance-editor">
      <Stack gap="md">
        <BilingualInput control={form.control} name="name" label={{ zh: t('nameZh'), en: t('nameEn') }} required testId="appearance-name" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-appearance">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
