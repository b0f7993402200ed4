'use client';

import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller } from 'react-hook-form';
import { ZCreateConference } from '@/lib/conferences/lifecycle-schemas';
import { useRouter } from '@/lib/i18n/navigation';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';

/** The form that creates a conference: address name, titles in both languages, language, dates, city. */
export function CreateConferenceForm() {
  const t = useTranslations('console');
  const router = useRouter();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZCreateConference,
    defaultValues: {
      slug: '',
      title: { zh: '', en: '' },
      shortTitle: { zh: '', en: '' },
      languageType: 3,
      startDate: '',
      endDate: '',
      city: { zh: '', en: '' },
    },
    call: { path: '/console/conference' },
    success: t('created'),
    onSuccess: () => router.push('/console'),
    refresh: true,
  });
  return (
    <form onSubmit={submit} noValidate data-testid="create-conference-form">
      <Stack gap="sm">
        <TextInput label={t('slug')} required description={t('slugHint')} error={fieldError('slug')} {...form.register('slug')} />
        <BilingualInput control={form.control} name="title" label={{ zh: t('titleZh'), en: t('titleEn') }} required />
        <BilingualInput control={form.control} name="shortTitle" label={{ zh: t('shortTitleZh'), en: t('shortTitleEn') }} required />
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
          <TextInput type="date" label={t('startDate')} error={fieldError('startDate')} {...form.register('startDate')} />
          <TextInput type="date" label={t('endDate')} error={fieldError('endDate')} {...form.register('endDate')} />
        </SimpleGrid>
        <BilingualInput control={form.control} name="city" label={{ zh: t('cityZh'), en: t('cityEn') }} />
        <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="create-conference-submit">
          {t('create')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
