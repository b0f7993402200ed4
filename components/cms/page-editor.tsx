'use client';

import { Group, Select, Stack, Switch } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { ZPageInput, type PageInput } from '@/lib/cms/page-schemas';
import { localized } from '@/lib/i18n/localized';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { useRouter } from '@/lib/i18n/navigation';

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
  const router = useRouter();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZPageInput,
    defaultValues: initial,
    call: { path: '/conference/platform/config/page/save' },
    success: t('saved'),
    // A new page moves to its edit address.
    onSuccess: ({ id }: { id: number }, values) => {
      if (!values.id) router.replace(`/platform/config/page/edit/${id}`);
    },
    refresh: true,
  });
  const isMobile = useWatch({ control: form.control, name: 'isMobile' });
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
  return (
    <form onSubmit={submit} noValidate data-testid="page-editor">
      <Stack gap="md">
        <BilingualInput control={form.control} name="name" label={{ zh: t('nameZh'), en: t('nameEn') }} required maxLength={100} />
        <BilingualInput
          control={form.control}
          name="content"
          label={{ zh: t('contentZh'), en: t('contentEn') }}
          rich
          testId="content"
          onImageUpload={uploadImage}
        />
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
                  error={fieldError('mobilePageId')}
                />
              )}
            />
          )}
        </Group>
        <Group justify="flex-end">
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-page">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
