'use client';

import { Button, Group, Image, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { localized } from '@/lib/i18n/localized';
import { HOTEL_PHOTO_MAX_BYTES, ZHotelInput, type HotelInput } from '@/lib/hotel/schemas';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { UploadField } from '@/components/ui/upload-field';
import { useApi, useAppLocale, useFieldError } from '@/components/ui/use-api';

export const NEW_HOTEL: HotelInput = { name: { zh: '', en: '' }, stars: 0, link: '', address: { zh: '', en: '' }, photo: '' };

/** The modal that adds or edits a hotel: names, stars, website, address and a jpg/png photo (≤ 10 MB). */
export function HotelForm({
  opened,
  hotelId,
  initial,
  onClose,
  onSaved,
}: {
  opened: boolean;
  /** The hotel being edited; none when adding. */
  hotelId: number | null;
  initial: HotelInput;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('hotelConfig');
  const tc = useTranslations('common');
  const te = useTranslations('errors');
  const api = useApi();
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const form = useForm<HotelInput>({ resolver: zodResolver(ZHotelInput) as never, values: initial });
  const errors = form.formState.errors;
  const [photo, name] = useWatch({ control: form.control, name: ['photo', 'name'] });

  const submit = form.handleSubmit(async (values) => {
    try {
      if (hotelId) await api(`/conference/platform/config/hotel/hotels/${hotelId}`, { method: 'PUT', body: values });
      else await api('/conference/platform/config/hotel/hotels', { body: values });
      notifications.show({ color: 'green', message: t('hotelSaved') });
      onSaved();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={hotelId ? t('editHotelTitle') : t('addHotelTitle')} size="lg">
      <form onSubmit={submit} noValidate data-testid="hotel-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('hotelNameZh')}
              required
              error={fieldError(errors.name?.zh)}
              data-testid="hotel-name-zh"
              {...form.register('name.zh')}
            />
            <TextInput
              label={t('hotelNameEn')}
              required
              error={fieldError(errors.name?.en)}
              data-testid="hotel-name-en"
              {...form.register('name.en')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="stars"
              render={({ field }) => (
                <NumberInput
                  label={t('hotelStars')}
                  description={t('hotelStarsHint')}
                  min={0}
                  max={5}
                  allowDecimal={false}
                  allowNegative={false}
                  value={field.value as number | ''}
                  onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                  onBlur={field.onBlur}
                  error={fieldError(errors.stars)}
                  data-testid="hotel-stars"
                />
              )}
            />
            <TextInput
              type="url"
              label={t('hotelLink')}
              description={t('hotelLinkHint')}
              error={fieldError(errors.link)}
              data-testid="hotel-link"
              {...form.register('link')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('addressZh')}
              error={fieldError(errors.address?.zh)}
              data-testid="hotel-address-zh"
              {...form.register('address.zh')}
            />
            <TextInput
              label={t('addressEn')}
              error={fieldError(errors.address?.en)}
              data-testid="hotel-address-en"
              {...form.register('address.en')}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('photo')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('photoHint')}
            </Text>
            {photo && (
              <Image
                src={`/api/conference/asset/${photo}`}
                alt={t('photoAlt', { name: localized(name, locale) })}
                w={240}
                maw="100%"
                h={135}
                fit="cover"
                radius="sm"
                data-testid="hotel-photo-preview"
              />
            )}
            {fieldError(errors.photo) && (
              <Text size="xs" c="red">
                {fieldError(errors.photo)}
              </Text>
            )}
            <Group gap="xs" align="flex-start">
              <UploadField<{ name: string }>
                url="/conference/platform/config/hotel/photo"
                types={['jpg', 'jpeg', 'png']}
                maxBytes={HOTEL_PHOTO_MAX_BYTES}
                tooLargeMessage={te('hotelConfig.photoTooLarge')}
                buttonLabel={t('uploadPhoto')}
                testId="upload-hotel-photo"
                onUploaded={(stored) => form.setValue('photo', stored.name, { shouldDirty: true })}
              />
              {photo && (
                <Button size="xs" variant="subtle" color="red" onClick={() => form.setValue('photo', '', { shouldDirty: true })}>
                  {t('removePhoto')}
                </Button>
              )}
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('cancel')}
            </Button>
            <SubmitButton loading={form.formState.isSubmitting} data-testid="save-hotel">
              {t('saveHotel')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
