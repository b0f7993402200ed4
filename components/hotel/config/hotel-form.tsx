'use client';

import { Button, FileButton, Group, Image, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { localized } from '@/lib/i18n/localized';
import { HOTEL_PHOTO_MAX_BYTES, ZHotelInput, type HotelInput } from '@/lib/hotel/schemas';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';

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
  const [uploading, setUploading] = useState(false);
  const { form, submit, fieldError } = useApiForm({
    schema: ZHotelInput,
    values: initial,
    call: (values, api) =>
      hotelId
        ? api(`/conference/platform/config/hotel/hotels/${hotelId}`, { method: 'PUT', body: values })
        : api('/conference/platform/config/hotel/hotels', { body: values }),
    success: t('hotelSaved'),
    onSuccess: onSaved,
  });
  const [photo, name] = useWatch({ control: form.control, name: ['photo', 'name'] });

  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > HOTEL_PHOTO_MAX_BYTES) {
      notifications.show({ color: 'red', message: te('hotelConfig.photoTooLarge') });
      return;
    }
    const body = new FormData();
    body.set('file', file);
    setUploading(true);
    try {
      const stored = await api<{ name: string }>('/conference/platform/config/hotel/photo', { body });
      form.setValue('photo', stored.name, { shouldDirty: true });
    } catch (error) {
      showApiError(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={hotelId ? t('editHotelTitle') : t('addHotelTitle')} size="lg">
      <form onSubmit={submit} noValidate data-testid="hotel-form">
        <Stack gap="sm">
          <BilingualInput
            control={form.control}
            name="name"
            label={{ zh: t('hotelNameZh'), en: t('hotelNameEn') }}
            required
            testId="hotel-name"
          />
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
                  error={fieldError('stars')}
                  data-testid="hotel-stars"
                />
              )}
            />
            <TextInput
              type="url"
              label={t('hotelLink')}
              description={t('hotelLinkHint')}
              error={fieldError('link')}
              data-testid="hotel-link"
              {...form.register('link')}
            />
          </SimpleGrid>
          <BilingualInput control={form.control} name="address" label={{ zh: t('addressZh'), en: t('addressEn') }} testId="hotel-address" />
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
            {fieldError('photo') && (
              <Text size="xs" c="red">
                {fieldError('photo')}
              </Text>
            )}
            <Group gap="xs">
              <FileButton onChange={upload} accept=".jpg,.jpeg,.png,image/jpeg,image/png">
                {(props) => (
                  <Button {...props} size="xs" variant="light" loading={uploading} data-testid="upload-hotel-photo">
                    {t('uploadPhoto')}
                  </Button>
                )}
              </FileButton>
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
