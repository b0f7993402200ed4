import {
  Alert,
  Group,
  Paper,
  Stack,
  Table,
  TableScrollContainer,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BookingForm, type FormHotel } from '@/components/hotel/booking/booking-form';
import { CancelBookingButton } from '@/components/hotel/booking/cancel-booking-button';
import { HotelCards } from '@/components/hotel/booking/hotel-cards';
import { PayByNote } from '@/components/orders/pay-by-note';
import { orderPayActions } from '@/components/payments/order-pay-actions';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { formatMoney } from '@/lib/fees/money';
import { bookingOptions, listMyBookings } from '@/lib/hotel/booking-queries';
import { localized } from '@/lib/i18n/localized';
import { listMyOrders } from '@/lib/orders/queries';
import { payByTimes } from '@/lib/orders/pay-by-queries';
import { latestBills } from '@/lib/payments/queries';
import { findRegistration } from '@/lib/registration/register-participant';
import { parseId } from '@/lib/validation/primitives';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('hotelBooking');
  return { title: t('title') };
}

const STATUS_COLORS: Record<string, string> = {
  active: 'teal.8',
  cancelled: 'gray.7',
  changed: 'gray.7',
  expired: 'orange.8',
  invalid: 'red.8',
};

/**
 * Hotel booking (spec §2 /profile/hotel/order): the organiser's description and conditions, the
 * window, the hotels with their room types and free rooms, the booking form (or the change of one
 * of my bookings, `?change=<id>`), and my bookings with their orders: pay, change or cancel.
 */
export default async function HotelOrderPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, conference, user, locale } = await requirePage('/profile/hotel/order');
  const [t, to, options, bookings, registration, orders] = await Promise.all([
    getTranslations('hotelBooking'),
    getTranslations('orders'),
    bookingOptions(db, conference),
    listMyBookings(db, conference.id, user.id),
    findRegistration(db, conference.id, user.id),
    listMyOrders(db, conference.id, user.id),
  ]);
  const changeId = parseId((await searchParams).change);
  const changing = changeId ? bookings.find((b) => b.id === changeId && b.changeable) : undefined;
  const ordersById = new Map(orders.map((o) => [o.id, o]));
  const payActions = await orderPayActions(
    await latestBills(
      db,
      conference.id,
      bookings.flatMap((b) => (b.order ? [b.order.id] : [])),
    ),
  );
  const payBy = await payByTimes(
    db,
    conference.id,
    orders.filter((o) => o.type === 'hotel'),
  );
  const description = sanitizeOrganiserHtml(localized(options.description, locale));
  const conditions = sanitizeOrganiserHtml(localized(options.conditions, locale));
  const active = bookings.filter((b) => b.status === 'active').length;
  const formHotels: FormHotel[] = options.hotels
    .map((h) => ({ id: h.id, name: h.name, roomTypes: h.roomTypes.filter((r) => !r.priceStale) }))
    .filter((h) => h.roomTypes.length > 0);
  const canBook = options.state === 'open' && !!registration;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Alert color={options.state === 'open' ? 'blue' : 'gray'} data-testid="hotel-window" data-state={options.state}>
          {t(`state.${options.state}`, { start: options.bookingStart ?? '', end: options.bookingEnd ?? '' })}
          {options.state === 'open' && options.requireAcceptedAbstract && <Text size="sm">{t('needsAbstract')}</Text>}
          {options.state === 'open' && <Text size="sm">{t('perUser', { max: options.maxBookingsPerUser })}</Text>}
        </Alert>
        {!registration && (
          <Alert color="orange" data-testid="hotel-not-registered">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('notRegistered')}</Text>
              <ButtonLink href="/conferenceRegister" size="xs">
                {t('goRegister')}
              </ButtonLink>
            </Stack>
          </Alert>
        )}
        {description && (
          <section aria-labelledby="hotel-description">
            <Title order={3} size="h5" id="hotel-description" mb="xs">
              {t('description')}
            </Title>
            <div data-testid="hotel-description" dangerouslySetInnerHTML={{ __html: description }} />
          </section>
        )}
        {conditions && (
          <section aria-labelledby="hotel-conditions">
            <Title order={3} size="h5" id="hotel-conditions" mb="xs">
              {t('conditions')}
            </Title>
            <div data-testid="hotel-conditions" dangerouslySetInnerHTML={{ __html: conditions }} />
          </section>
        )}
        <section aria-labelledby="hotel-list">
          <Title order={3} size="h4" id="hotel-list" mb="sm">
            {t('hotels')}
          </Title>
          <HotelCards hotels={options.hotels} locale={locale} />
        </section>
        {canBook && (
          <section aria-labelledby="hotel-form" id="booking-form">
            <Title order={3} size="h4" id="hotel-form" mb="sm">
              {changing ? t('form.changeTitle') : t('form.newTitle')}
            </Title>
            {changing ? (
              <Stack gap="xs">
                <BookingForm
                  key={`change-${changing.id}`}
                  hotels={formHotels}
                  bookingId={changing.id}
                  initial={{
                    hotelId: changing.hotelId,
                    roomTypeId: changing.roomTypeId,
                    checkIn: changing.checkIn,
                    checkOut: changing.checkOut,
                    rooms: changing.rooms,
                    requirements: changing.requirements,
                    guests: changing.guests,
                  }}
                />
                <Group>
                  <ButtonLink href="/profile/hotel/order" variant="subtle" size="xs">
                    {t('form.cancelChange')}
                  </ButtonLink>
                </Group>
              </Stack>
            ) : active >= options.maxBookingsPerUser ? (
              <Alert color="gray" data-testid="hotel-limit-reached">
                {t('form.limitReached', { max: options.maxBookingsPerUser })}
              </Alert>
            ) : (
              <BookingForm key="new" hotels={formHotels} />
            )}
          </section>
        )}
        <section aria-labelledby="hotel-mine">
          <Title order={3} size="h4" id="hotel-mine" mb="sm">
            {t('mine.title')}
          </Title>
          {bookings.length === 0 ? (
            <Text c="dimmed" data-testid="hotel-bookings-empty">
              {t('mine.empty')}
            </Text>
          ) : (
            <TableScrollContainer minWidth={960}>
              <Table striped data-testid="hotel-bookings">
                <TableThead>
                  <TableTr>
                    <TableTh scope="col">{t('mine.hotel')}</TableTh>
                    <TableTh scope="col">{t('mine.dates')}</TableTh>
                    <TableTh scope="col">{t('mine.nightsRooms')}</TableTh>
                    <TableTh scope="col">{t('mine.total')}</TableTh>
                    <TableTh scope="col">{t('mine.status')}</TableTh>
                    <TableTh scope="col">{t('mine.order')}</TableTh>
                    <TableTh scope="col">{t('mine.payStatus')}</TableTh>
                    <TableTh scope="col">{t('mine.actions')}</TableTh>
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {bookings.map((b) => {
                    const order = b.order ? ordersById.get(b.order.id) : undefined;
                    const change = b.changeable ? (
                      <Group gap={6} wrap="nowrap">
                        <ButtonLink
                          size="compact-sm"
                          variant="light"
                          href={`/profile/hotel/order?change=${b.id}#booking-form`}
                          data-testid={`hotel-booking-change-${b.id}`}
                        >
                          {t('mine.change')}
                        </ButtonLink>
                        <CancelBookingButton id={b.id} />
                      </Group>
                    ) : undefined;
                    return (
                      <TableTr key={b.id} data-testid={`hotel-booking-row-${b.id}`} data-status={b.status}>
                        <TableTd>
                          <Text size="sm" fw={500}>
                            {localized(b.hotelName, locale)}
                          </Text>
                          <Text size="sm">{localized(b.roomTypeName, locale)}</Text>
                          {b.requirements && (
                            <Text size="xs" c="dimmed">
                              {t('mine.requirements', { text: b.requirements })}
                            </Text>
                          )}
                        </TableTd>
                        <TableTd>
                          {b.checkIn} – {b.checkOut}
                        </TableTd>
                        <TableTd>{t('mine.nightsRoomsValue', { nights: b.nights, rooms: b.rooms })}</TableTd>
                        <TableTd>{b.order ? formatMoney(b.order.totalMinor, b.order.currency, locale) : ''}</TableTd>
                        <TableTd>
                          <Text size="sm" c={STATUS_COLORS[b.status] ?? 'gray.7'} fw={500}>
                            {t.has(`status.${b.status}`) ? t(`status.${b.status}`) : b.status}
                          </Text>
                        </TableTd>
                        <TableTd>{b.order?.orderNo ?? ''}</TableTd>
                        <TableTd>
                          {b.order && (
                            <Stack gap={2}>
                              <Text size="sm">
                                {to.has(`pay_${b.order.payStatus}`) ? to(`pay_${b.order.payStatus}`) : b.order.payStatus}
                              </Text>
                              {b.order.orderStatus === 'invalid' && b.order.invalidReason && to.has(`invalid_${b.order.invalidReason}`) && (
                                <Text size="xs" c="dimmed">
                                  {to(`invalid_${b.order.invalidReason}`)}
                                </Text>
                              )}
                              <PayByNote orderId={b.order.id} payBy={payBy} locale={locale} timeZone={conference.timeZone} />
                            </Stack>
                          )}
                        </TableTd>
                        <TableTd>{order ? payActions(order, change) : change}</TableTd>
                      </TableTr>
                    );
                  })}
                </TableTbody>
              </Table>
            </TableScrollContainer>
          )}
        </section>
      </Stack>
    </Paper>
  );
}
