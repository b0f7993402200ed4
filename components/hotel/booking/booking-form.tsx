'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Notice, ui } from '@/components/layout/page-parts';
import { PlainGrid, PlainInput, PlainSelect, PlainSubmit, PlainTextarea } from '@/components/ui/plain-form';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { formatMoney } from '@/lib/fees/money';
import { GUESTS_MAX, REQUIREMENTS_MAX } from '@/lib/hotel/booking-limits';
import type { BookingInput, RoomTypeRules } from '@/lib/hotel/booking-schemas';
import { nightsBetween } from '@/lib/hotel/dates';
import { isRealDate } from '@/lib/validation/real-date';
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
 * room type (loaded with the first check); nights × rooms × price = total is shown, and again in
 * the app's confirm dialog before it is sent.
 */
export function BookingForm({ hotels, initial, bookingId }: { hotels: FormHotel[]; initial?: BookingInput; bookingId?: number }) {
  const t = useTranslations('hotelBooking.form');
  const tf = useTranslations('forms');
  const locale = useAppLocale();
  const router = useRouter();
  const roomTypes = useMemo(() => new Map(hotels.flatMap((h) => h.roomTypes.map((r) => [r.id, { ...r, hotel: h }] as const))), [hotels]);
  const loadSchema = useCallback(
    () => import('@/lib/hotel/booking-schemas').then((m) => m.bookingSchemaFor((id) => roomTypes.get(id))),
    [roomTypes],
  );
  const empty: BookingInput = {
    hotelId: hotels.length === 1 ? hotels[0].id : '',
    roomTypeId: '',
    checkIn: '',
    checkOut: '',
    rooms: 1,
    requirements: '',
    guests: '',
  };

  /** nights × rooms × price = total (and the total in the display currency when it differs), once all three are known. */
  const summaryOf = (roomTypeId: unknown, checkIn: unknown, checkOut: unknown, rooms: unknown) => {
    const roomType = roomTypes.get(Number(roomTypeId));
    const nights =
      typeof checkIn === 'string' && typeof checkOut === 'string' && isRealDate(checkIn) && isRealDate(checkOut)
        ? nightsBetween(checkIn, checkOut)
        : 0;
    const roomCount = Number(rooms);
    if (!roomType || nights <= 0 || !Number.isInteger(roomCount) || roomCount <= 0) return null;
    return {
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
    };
  };

  const { form, submit, fieldError, formError } = useApiForm({
    schema: loadSchema,
    defaultValues: initial ?? empty,
    // What is booked, asked in the app's confirm dialog once the values are valid.
    confirm: (values) => {
      const chosen = roomTypes.get(values.roomTypeId);
      const summary = summaryOf(values.roomTypeId, values.checkIn, values.checkOut, values.rooms);
      return {
        title: bookingId ? t('confirmChangeTitle') : t('confirmTitle'),
        confirmLabel: t('confirm'),
        message: (
          <div className={ui.stack} data-gap="sm" data-testid="hotel-booking-confirm">
            <p className={ui.text}>
              {t('confirmText', {
                hotel: chosen ? localized(chosen.hotel.name, locale) : '',
                roomType: chosen ? localized(chosen.name, locale) : '',
                checkIn: values.checkIn,
                checkOut: values.checkOut,
              })}
            </p>
            {summary && <p className={`${ui.text} ${ui.strong}`}>{summary.text}</p>}
          </div>
        ),
      };
    },
    call: (values, api) =>
      bookingId
        ? api<Placed>(`/conference/hotel/bookings/${bookingId}`, { method: 'PUT', body: values })
        : api<Placed>('/conference/hotel/bookings', { body: values }),
    onSuccess: (placed) => {
      notifications.show({
        color: 'green',
        message: bookingId ? t('changed', { orderNo: placed.orderNo }) : t('booked', { orderNo: placed.orderNo }),
      });
      form.reset(empty);
      if (bookingId) router.replace('/profile/hotel/order');
    },
    refresh: true,
  });
  const [hotelId, roomTypeId, checkIn, checkOut, rooms] = useWatch({
    control: form.control,
    name: ['hotelId', 'roomTypeId', 'checkIn', 'checkOut', 'rooms'],
  });
  const hotel = hotels.find((h) => String(h.id) === String(hotelId));
  const roomType = roomTypes.get(Number(roomTypeId));
  const summary = summaryOf(roomTypeId, checkIn, checkOut, rooms);

  // Native selects (the phone's own picker; a hotel list needs no search): '' until one is chosen.
  const choose = tf('choose');
  const hotelOptions = [
    ...(hotels.length === 1 ? [] : [{ value: '', label: choose, disabled: true }]),
    ...hotels.map((h) => ({ value: String(h.id), label: localized(h.name, locale) })),
  ];
  const roomOptions = [
    { value: '', label: choose, disabled: true },
    ...(hotel?.roomTypes ?? []).map((r) => ({ value: String(r.id), label: localized(r.name, locale) })),
  ];
  const hotelField = form.register('hotelId');

  return (
    <form onSubmit={submit} noValidate data-testid="hotel-booking-form">
      <div className={ui.stack} data-gap="sm">
        {bookingId && (
          <Notice color="blue" data-testid="hotel-change-hint">
            {t('changeHint')}
          </Notice>
        )}
        <PlainGrid>
          <PlainSelect
            label={t('hotel')}
            required
            options={hotelOptions}
            error={fieldError('hotelId')}
            data-testid="hotel-booking-hotel"
            {...hotelField}
            onChange={(event) => {
              void hotelField.onChange(event);
              form.setValue('roomTypeId', '');
            }}
          />
          <PlainSelect
            label={t('roomType')}
            required
            options={roomOptions}
            error={fieldError('roomTypeId')}
            data-testid="hotel-booking-room-type"
            {...form.register('roomTypeId')}
          />
          <PlainInput
            type="date"
            label={t('checkIn')}
            required
            min={roomType?.checkInStart}
            max={roomType?.checkInEnd}
            error={fieldError('checkIn')}
            data-testid="hotel-booking-check-in"
            {...form.register('checkIn')}
          />
          <PlainInput
            type="date"
            label={t('checkOut')}
            required
            min={roomType?.checkInStart}
            max={roomType?.checkInEnd}
            error={fieldError('checkOut')}
            data-testid="hotel-booking-check-out"
            {...form.register('checkOut')}
          />
          <PlainInput
            type="number"
            inputMode="numeric"
            step={1}
            label={t('rooms')}
            required
            min={roomType?.minPerPerson ?? 1}
            max={roomType?.maxPerPerson}
            description={roomType ? t('roomsHint', { min: roomType.minPerPerson, max: roomType.maxPerPerson }) : undefined}
            error={fieldError('rooms')}
            data-testid="hotel-booking-rooms"
            {...form.register('rooms')}
          />
        </PlainGrid>
        <PlainTextarea
          label={t('requirements')}
          description={t('requirementsHint')}
          rows={2}
          maxLength={REQUIREMENTS_MAX}
          error={fieldError('requirements')}
          data-testid="hotel-booking-requirements"
          {...form.register('requirements')}
        />
        <PlainTextarea
          label={t('guests')}
          description={t('guestsHint')}
          rows={1}
          maxLength={GUESTS_MAX}
          error={fieldError('guests')}
          data-testid="hotel-booking-guests"
          {...form.register('guests')}
        />
        <div aria-live="polite">
          {summary ? (
            <div className={ui.stack} data-gap="tight" data-testid="hotel-booking-summary">
              <p className={`${ui.text} ${ui.strong}`}>{summary.text}</p>
              {summary.display && <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>{summary.display}</p>}
            </div>
          ) : (
            <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>{t('summaryEmpty')}</p>
          )}
        </div>
        <div className={ui.group}>
          <PlainSubmit error={formError} loading={form.formState.isSubmitting} data-testid="hotel-booking-submit">
            {bookingId ? t('submitChange') : t('submit')}
          </PlainSubmit>
        </div>
      </div>
    </form>
  );
}
