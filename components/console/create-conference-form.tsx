'use client';

import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm } from 'react-hook-form';
import { ZCreateConference, type CreateConferenceInput } from '@/lib/conferences/lifecycle-schemas';
import { useRouter } from '@/lib/i18n/navigation';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useFieldError } from '@/components/ui/use-api';

/** The form that creates a conference: address name, titles in both languages, language, dates, city. */
export function CreateConferenceForm() {
  const t = useTranslations('console');
  const api = useApi();
  const router = useRouter();
  const fieldError = useFieldError();
  const form = useForm<CreateConferenceInput>({
    resolver: zodResolver(ZCreateConference) as never,
    defaultValues: {
      slug: '',
      title: { zh: '', en: '' },
      shortTitle: { zh: '', en: '' },
      languageType: 3,
      startDate: '',
      endDate: '',
      city: { zh: '', en: '' },
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await api('/console/conference', { body: values });
      notifications.show({ color: 'green', message: t('created') });
      router.push('/console');
      router.refresh();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });
  const text = (
    name: 'slug' | 'title.zh' | 'title.en' | 'shortTitle.zh' | 'shortTitle.en' | 'city.zh' | 'city.en',
    label: string,
    error: unknown,
    extra: { required?: boolean; description?: string } = {},
  ) => <TextInput label={label} error={fieldError(error as never)} {...extra} {...form.register(name)} />;
  return (
    <form onSubmit={submit} noValidate data-testid="create-conference-form">
      <Stack gap="sm">
        {text('slug', t('slug'), errors.slug, { required: true, description: t('slugHint') })}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('title.zh', t('titleZh'), errors.title?.zh, { required: true })}
          {text('title.en', t('titleEn'), errors.title?.en, { required: true })}
          {text('shortTitle.zh', t('shortTitleZh'), errors.shortTitle?.zh, { required: true })}
          {text('shortTitle.en', t('shortTitleEn'), errors.shortTitle?.en, { required: true })}
        </SimpleGrid>
        <Controller
          control={form.control}
          name="languageType"
          render={({ field }) => (
            <Select
              label={t('languageType')}
              data={[1, 2, 3].map((v) => ({ value: String(v), label: t(`language${v as 1 | 2 | 3}`) }))}
              value={String(field.value ?? 3)}
              onChange={(v) => field.onChange(Number(v ?? 3))}
              allowDeselect={false}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label={t('startDate')} error={fieldError(errors.startDate)} {...form.register('startDate')} />
          <TextInput type="date" label={t('endDate')} error={fieldError(errors.endDate)} {...form.register('endDate')} />
          {text('city.zh', t('cityZh'), errors.city?.zh)}
          {text('city.en', t('cityEn'), errors.city?.en)}
        </SimpleGrid>
        <SubmitButton loading={form.formState.isSubmitting} data-testid="create-conference-submit">
          {t('create')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
