'use client';

import { Button, Group, Image, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { localized } from '@/lib/i18n/localized';
import { HOTEL_PHOTO_MAX_BYTES, ZHotelInput, type HotelInput } from '@/lib/hotel/schemas';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { UploadField } from '@/components/ui/upload-field';
import { useAppLocale } from '@/components/ui/use-api';
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
  const locale = useAppLocale();
  const { form, submit, fieldError, formError } = useApiForm({
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
            <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-hotel">
              {t('saveHotel')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
