'use client';

import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { formatMoney } from '@/lib/fees/money';
import {
  bookingSchemaFor,
  GUESTS_MAX,
  REQUIREMENTS_MAX,
  type BookingInput,
  type BookingValues,
  type RoomTypeRules,
} from '@/lib/hotel/booking-schemas';
import { nightsBetween } from '@/lib/hotel/dates';
import { isRealDate } from '@/lib/validation/primitives';
import { localized, type LocalizedText } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';

export type FormRoomType = RoomTypeRules & {
  name: LocalizedText;
  priceMinor: number;
  currency: string;
  displayPriceMinor: number;
  displayCurrency: string;
};
export type FormHotel = { id: number; name: LocalizedText; roomTypes: FormRoomType[] };

type Placed = { id: number; orderNo: string };

/**
 * Booking a room, or changing a booking of mine (`bookingId`): hotel, room type, dates, rooms and
 * special requirements, checked in the browser with the schema the server uses for the chosen
 * room type; nights × rooms × price = total is shown before a confirmation dialog sends it.
 */
export function BookingForm({ hotels, initial, bookingId }: { hotels: FormHotel[]; initial?: BookingInput; bookingId?: number }) {
  const t = useTranslations('hotelBooking.form');
  const locale = useAppLocale();
  const router = useRouter();
  const roomTypes = useMemo(() => new Map(hotels.flatMap((h) => h.roomTypes.map((r) => [r.id, { ...r, hotel: h }] as const))), [hotels]);
  const schema = useMemo(() => bookingSchemaFor((id) => roomTypes.get(id)), [roomTypes]);
  const empty: BookingInput = {
    hotelId: hotels.length === 1 ? hotels[0].id : '',
    roomTypeId: '',
    checkIn: '',
    checkOut: '',
    rooms: 1,
    requirements: '',
    guests: '',
  };
  const [pending, setPending] = useState<BookingValues | null>(null);
  // The form checks and opens the confirmation; its confirm button sends.
  const {
    form,
    submit: send,
    fieldError,
    formError,
  } = useApiForm({
    schema,
    defaultValues: initial ?? empty,
    call: (values, api) =>
      bookingId
        ? api<Placed>(`/conference/hotel/bookings/${bookingId}`, { method: 'PUT', body: values })
        : api<Placed>('/conference/hotel/bookings', { body: values }),
    onSuccess: (placed) => {
      notifications.show({
        color: 'green',
        message: bookingId ? t('changed', { orderNo: placed.orderNo }) : t('booked', { orderNo: placed.orderNo }),
      });
      setPending(null);
      form.reset(empty);
      if (bookingId) router.replace('/profile/hotel/order');
    },
    onError: () => setPending(null),
    refresh: true,
  });
  const sending = form.formState.isSubmitting;
  const [hotelId, roomTypeId, checkIn, checkOut, rooms] = useWatch({
    control: form.control,
    name: ['hotelId', 'roomTypeId', 'checkIn', 'checkOut', 'rooms'],
  });
  const hotel = hotels.find((h) => String(h.id) === String(hotelId));
  const roomType = roomTypes.get(Number(roomTypeId));
  const nights =
    typeof checkIn === 'string' && typeof checkOut === 'string' && isRealDate(checkIn) && isRealDate(checkOut)
      ? nightsBetween(checkIn, checkOut)
      : 0;
  const roomCount = Number(rooms);
  const priced = roomType && nights > 0 && Number.isInteger(roomCount) && roomCount > 0;

  const summary = priced
    ? {
        text: t('summary', {
          nights,
          rooms: roomCount,
          price: formatMoney(roomType.priceMinor, roomType.currency, locale),
          total: formatMoney(roomType.priceMinor * nights * roomCount, roomType.currency, locale),
        }),
        display:
          roomType.displayCurrency !== roomType.currency || roomType.displayPriceMinor !== roomType.priceMinor
            ? t('summaryDisplay', { total: formatMoney(roomType.displayPriceMinor * nights * roomCount, roomType.displayCurrency, locale) })
            : null,
      }
    : null;

  const hotelOptions = hotels.map((h) => ({ value: String(h.id), label: localized(h.name, locale) }));
  const roomOptions = (hotel?.roomTypes ?? []).map((r) => ({ value: String(r.id), label: localized(r.name, locale) }));
  const confirmed = pending ? roomTypes.get(Number(pending.roomTypeId)) : undefined;

  return (
    <>
      <form onSubmit={form.handleSubmit((values) => setPending(values))} noValidate data-testid="hotel-booking-form">
        <Stack gap="sm">
          {bookingId && (
            <Alert color="blue" data-testid="hotel-change-hint">
              {t('changeHint')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="hotelId"
              render={({ field }) => (
                <Select
                  label={t('hotel')}
                  required
                  data={hotelOptions}
                  value={field.value === '' || field.value === undefined ? null : String(field.value)}
                  onChange={(v) => {
                    field.onChange(v ?? '');
                    form.setValue('roomTypeId', '');
                  }}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={fieldError('hotelId')}
                  data-testid="hotel-booking-hotel"
                />
              )}
            />
            <Controller
              control={form.control}
              name="roomTypeId"
              render={({ field }) => (
                <Select
                  label={t('roomType')}
                  required
                  data={roomOptions}
                  value={field.value === '' || field.value === undefined ? null : String(field.value)}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={fieldError('roomTypeId')}
                  data-testid="hotel-booking-room-type"
                />
              )}
            />
            <TextInput
              type="date"
              label={t('checkIn')}
              required
              min={roomType?.checkInStart}
              max={roomType?.checkInEnd}
              error={fieldError('checkIn')}
              data-testid="hotel-booking-check-in"
              {...form.register('checkIn')}
            />
            <TextInput
              type="date"
              label={t('checkOut')}
              required
              min={roomType?.checkInStart}
              max={roomType?.checkInEnd}
              error={fieldError('checkOut')}
              data-testid="hotel-booking-check-out"
              {...form.register('checkOut')}
            />
            <Controller
              control={form.control}
              name="rooms"
              render={({ field }) => (
                <NumberInput
                  label={t('rooms')}
                  required
                  min={roomType?.minPerPerson ?? 1}
                  max={roomType?.maxPerPerson}
                  allowDecimal={false}
                  allowNegative={false}
                  description={roomType ? t('roomsHint', { min: roomType.minPerPerson, max: roomType.maxPerPerson }) : undefined}
                  value={typeof field.value === 'number' || typeof field.value === 'string' ? field.value : ''}
                  onChange={(v) => field.onChange(v)}
                  onBlur={field.onBlur}
                  error={fieldError('rooms')}
                  data-testid="hotel-booking-rooms"
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label={t('requirements')}
            description={t('requirementsHint')}
            autosize
            minRows={2}
            maxLength={REQUIREMENTS_MAX}
            error={fieldError('requirements')}
            data-testid="hotel-booking-requirements"
            {...form.register('requirements')}
          />
          <Textarea
            label={t('guests')}
            description={t('guestsHint')}
            autosize
            minRows={1}
            maxLength={GUESTS_MAX}
            error={fieldError('guests')}
            data-testid="hotel-booking-guests"
            {...form.register('guests')}
          />
          <div aria-live="polite">
            {summary ? (
              <Stack gap={0} data-testid="hotel-booking-summary">
                <Text fw={600}>{summary.text}</Text>
                {summary.display && (
                  <Text size="sm" c="dimmed">
                    {summary.display}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('summaryEmpty')}
              </Text>
            )}
          </div>
          <Group>
            <SubmitButton error={formError} data-testid="hotel-booking-submit">
              {bookingId ? t('submitChange') : t('submit')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={pending !== null}
        onClose={() => (sending ? undefined : setPending(null))}
        title={bookingId ? t('confirmChangeTitle') : t('confirmTitle')}
        centered
      >
        {pending && confirmed && (
          <Stack gap="sm" data-testid="hotel-booking-confirm">
            <Text>
              {t('confirmText', {
                hotel: localized(confirmed.hotel.name, locale),
                roomType: localized(confirmed.name, locale),
                checkIn: String(pending.checkIn),
                checkOut: String(pending.checkOut),
              })}
            </Text>
            {summary && <Text fw={600}>{summary.text}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)} disabled={sending}>
                {t('back')}
              </Button>
              <Button onClick={() => void send()} loading={sending} data-testid="hotel-booking-confirm-button">
                {t('confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
