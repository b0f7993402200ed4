'use client';

import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { CURRENCIES } from '@/lib/fees/money';
import { HOTEL_PER_PERSON_MAX, HOTEL_ROOMS_MAX, ZRoomTypeInput, type RoomTypeInput } from '@/lib/hotel/schemas';
import { ApiError } from '@/components/ui/api-client';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { MoneyInput } from '@/components/ui/money-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';

type Whole = 'totalRooms' | 'minPerPerson' | 'maxPerPerson';

/** An empty room type of `hotelId`, its display price in the configured display currency. */
export function newRoomType(hotelId: number, displayCurrency: string): RoomTypeInput {
  return {
    hotelId,
    name: { zh: '', en: '' },
    priceMinor: '' as unknown as number,
    displayPriceMinor: '' as unknown as number,
    displayCurrency: displayCurrency as RoomTypeInput['displayCurrency'],
    totalRooms: '' as unknown as number,
    minPerPerson: 1,
    maxPerPerson: 1,
    checkInStart: '',
    checkInEnd: '',
  };
}

/**
 * The modal that adds or edits a room type: names, the price per room and night in the settlement
 * currency (typed in major units, held as minor units), the display price and its currency, total
 * bookable per night (never below the busiest night's booked rooms), rooms per booking and the
 * check-in window — every §5 rule answered under its field.
 */
export function RoomTypeForm({
  opened,
  title,
  roomTypeId,
  initial,
  currency,
  bookedPeak,
  onClose,
  onSaved,
}: {
  opened: boolean;
  title: string;
  /** The room type being edited; none when adding. */
  roomTypeId: number | null;
  initial: RoomTypeInput;
  /** The settlement currency the price is charged in. */
  currency: string;
  bookedPeak: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('hotelConfig');
  const tc = useTranslations('common');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZRoomTypeInput,
    values: initial,
    // A new price makes the unpaid orders of this room type invalid and tells their bookers: ask first.
    confirm: (values) => (!roomTypeId || Number(values.priceMinor) === Number(initial.priceMinor) ? null : t('repriceConfirm')),
    call: async (values, api) => {
      if (roomTypeId) {
        const saved = await api<{ invalidatedOrders: number }>(`/conference/platform/config/hotel/roomTypes/${roomTypeId}`, {
          method: 'PUT',
          body: values,
        });
        if (saved.invalidatedOrders > 0)
          notifications.show({ color: 'orange', message: t('repricedOrders', { n: saved.invalidatedOrders }) });
      } else await api('/conference/platform/config/hotel/roomTypes', { body: values });
    },
    success: t('roomTypeSaved'),
    onSuccess: () => onSaved(),
    onError: (error) => {
      // On its field, where it stays (and nowhere else).
      if (error instanceof ApiError && error.code === 'HOTEL_ROOMS_BELOW_BOOKED') {
        form.setError('totalRooms', { message: error.message });
        return true;
      }
    },
  });
  const displayCurrency = useWatch({ control: form.control, name: 'displayCurrency' }) ?? 'CNY';

  const whole = (name: Whole, label: string, max: number, description?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          description={description}
          required
          min={1}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          value={field.value as number | ''}
          onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
          onBlur={field.onBlur}
          error={fieldError(name)}
          data-testid={`room-${name}`}
        />
      )}
    />
  );
  const money = (name: 'priceMinor' | 'displayPriceMinor', label: string, unit: string, description: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <MoneyInput
          label={label}
          description={description}
          required
          currency={unit}
          value={field.value as number | ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldError(name)}
          data-testid={`room-${name}`}
        />
      )}
    />
  );
  const date = (name: 'checkInStart' | 'checkInEnd', label: string, description: string) => (
    <TextInput
      type="date"
      required
      label={label}
      description={description}
      error={fieldError(name)}
      data-testid={`room-${name}`}
      {...form.register(name)}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl">
      <form onSubmit={submit} noValidate data-testid="room-type-form">
        <Stack gap="sm">
          <BilingualInput
            control={form.control}
            name="name"
            label={{ zh: t('roomTypeNameZh'), en: t('roomTypeNameEn') }}
            required
            testId="room-name"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {money('priceMinor', t('price', { currency }), currency, t('priceHint'))}
            {money('displayPriceMinor', t('displayPrice'), displayCurrency, t('displayPriceHint'))}
            <Controller
              control={form.control}
              name="displayCurrency"
              render={({ field }) => (
                <Select
                  label={t('displayCurrency')}
                  data={CURRENCIES.map((c) => ({ value: c, label: c }))}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  allowDeselect={false}
                  error={fieldError('displayCurrency')}
                  data-testid="room-displayCurrency"
                />
              )}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {whole('totalRooms', t('totalRooms'), HOTEL_ROOMS_MAX, t('totalRoomsHint', { booked: bookedPeak }))}
            {whole('minPerPerson', t('minPerPerson'), HOTEL_PER_PERSON_MAX)}
            {whole('maxPerPerson', t('maxPerPerson'), HOTEL_PER_PERSON_MAX)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {date('checkInStart', t('checkInStart'), t('checkInStartHint'))}
            {date('checkInEnd', t('checkInEnd'), t('checkInEndHint'))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('cancel')}
            </Button>
            <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-room-type">
              {t('saveRoomType')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
