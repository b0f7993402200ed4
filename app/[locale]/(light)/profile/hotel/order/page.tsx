import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { BookingForm, type FormHotel } from '@/components/hotel/booking/booking-form';
import { CancelBookingButton } from '@/components/hotel/booking/cancel-booking-button';
import { HotelCards } from '@/components/hotel/booking/hotel-cards';
import { PayByNote } from '@/components/orders/pay-by-note';
import { orderPayActions } from '@/components/payments/order-pay-actions';
import { LinkButton, Notice, Panel, ui } from '@/components/layout/page-parts';
import { ListTable } from '@/components/ui/list-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { requirePage } from '@/lib/auth/require-page';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { formatMoney } from '@/lib/fees/money';
import { bookingOptions, listMyBookings } from '@/lib/hotel/booking-queries';
import { localized } from '@/lib/i18n/localized';
import { listMyOrders } from '@/lib/orders/queries';
import { payByTimes } from '@/lib/orders/pay-by-queries';
import { latestBills } from '@/lib/payments/queries';
import { findRegistration } from '@/lib/registration/register-participant';
import { lightClientMessages } from '@/lib/i18n/light-messages';
import { parseId } from '@/lib/validation/primitives';
import { payStatusLabel } from '@/lib/orders/pay-status';

/** The booking form's and the cancel button's words, beside what every light screen's islands use (lightClientMessages adds those). */
const SCREEN_MESSAGES = [
  'hotelBooking.form',
  'hotelBooking.mine',
  'forms',
  'validation.hotelBooking*',
  'validation.tooLong',
  'validation.hiddenCharacters',
] as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('hotelBooking');
  return { title: t('title') };
}

const STATUS_COLORS: Record<string, string> = {
  active: 'teal',
  cancelled: 'gray',
  changed: 'gray',
  expired: 'orange',
  invalid: 'red',
};
const PAY_COLORS: Record<string, string> = { unpaid: 'orange', delay: 'yellow', toBeConfirmed: 'yellow', paid: 'green', success: 'green' };

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
  const messages = await lightClientMessages(SCREEN_MESSAGES);

  return (
    <NextIntlClientProvider messages={messages}>
      <Panel>
        <div className={ui.stack} data-gap="lg">
          <h2 className={ui.h3}>{t('title')}</h2>
          <Notice color={options.state === 'open' ? 'blue' : 'gray'} data-testid="hotel-window" data-state={options.state}>
            {t(`state.${options.state}`, { start: options.bookingStart ?? '', end: options.bookingEnd ?? '' })}
            {options.state === 'open' && options.requireAcceptedAbstract && <p className={`${ui.text} ${ui.sm}`}>{t('needsAbstract')}</p>}
            {options.state === 'open' && <p className={`${ui.text} ${ui.sm}`}>{t('perUser', { max: options.maxBookingsPerUser })}</p>}
          </Notice>
          {!registration && (
            <Notice color="orange" data-testid="hotel-not-registered">
              <div className={ui.stack} data-gap="xs" data-align="start">
                <p className={`${ui.text} ${ui.sm}`}>{t('notRegistered')}</p>
                <LinkButton href="/conferenceRegister" size="xs">
                  {t('goRegister')}
                </LinkButton>
              </div>
            </Notice>
          )}
          {description && (
            <section className={ui.stack} data-gap="xs" aria-labelledby="hotel-description">
              <h3 className={ui.h5} id="hotel-description">
                {t('description')}
              </h3>
              <div data-testid="hotel-description" dangerouslySetInnerHTML={{ __html: description }} />
            </section>
          )}
          {conditions && (
            <section className={ui.stack} data-gap="xs" aria-labelledby="hotel-conditions">
              <h3 className={ui.h5} id="hotel-conditions">
                {t('conditions')}
              </h3>
              <div data-testid="hotel-conditions" dangerouslySetInnerHTML={{ __html: conditions }} />
            </section>
          )}
          <section className={ui.stack} data-gap="sm" aria-labelledby="hotel-list">
            <h3 className={ui.h4} id="hotel-list">
              {t('hotels')}
            </h3>
            <HotelCards hotels={options.hotels} locale={locale} />
          </section>
          {canBook && (
            <section className={ui.stack} data-gap="sm" aria-labelledby="hotel-form" id="booking-form">
              <h3 className={ui.h4} id="hotel-form">
                {changing ? t('form.changeTitle') : t('form.newTitle')}
              </h3>
              {changing ? (
                <div className={ui.stack} data-gap="xs">
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
                  <div className={ui.group}>
                    <LinkButton href="/profile/hotel/order" variant="light" size="xs">
                      {t('form.cancelChange')}
                    </LinkButton>
                  </div>
                </div>
              ) : active >= options.maxBookingsPerUser ? (
                <Notice color="gray" data-testid="hotel-limit-reached">
                  {t('form.limitReached', { max: options.maxBookingsPerUser })}
                </Notice>
              ) : (
                <BookingForm key="new" hotels={formHotels} />
              )}
            </section>
          )}
          <section className={ui.stack} data-gap="sm" aria-labelledby="hotel-mine">
            <h3 className={ui.h4} id="hotel-mine">
              {t('mine.title')}
            </h3>
            {bookings.length === 0 ? (
              <p className={`${ui.text} ${ui.dimmed}`} data-testid="hotel-bookings-empty">
                {t('mine.empty')}
              </p>
            ) : (
              <ListTable
                framed={false}
                minWidth={720}
                testId="hotel-bookings"
                empty={null}
                head={[
                  t('mine.hotel'),
                  t('mine.dates'),
                  t('mine.nightsRooms'),
                  t('mine.total'),
                  t('mine.status'),
                  t('mine.order'),
                  t('mine.payStatus'),
                  t('mine.actions'),
                ]}
                labels={[undefined, undefined, undefined, undefined, undefined, undefined, undefined, '']}
                title={0}
                primary={[3, 4, 6, 7]}
                nowrap={[3]}
                rows={bookings.map((b) => {
                  const order = b.order ? ordersById.get(b.order.id) : undefined;
                  const change = b.changeable ? (
                    <div className={ui.group} data-gap="xs">
                      <LinkButton
                        size="compact-sm"
                        variant="light"
                        href={`/profile/hotel/order?change=${b.id}#booking-form`}
                        data-testid={`hotel-booking-change-${b.id}`}
                      >
                        {t('mine.change')}
                      </LinkButton>
                      <CancelBookingButton id={b.id} />
                    </div>
                  ) : undefined;
                  return {
                    key: b.id,
                    attrs: { 'data-testid': `hotel-booking-row-${b.id}`, 'data-status': b.status },
                    cells: [
                      <div key="hotel">
                        <p className={`${ui.text} ${ui.sm} ${ui.medium}`}>{localized(b.hotelName, locale)}</p>
                        <p className={`${ui.text} ${ui.sm}`}>{localized(b.roomTypeName, locale)}</p>
                        {b.requirements && (
                          <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>{t('mine.requirements', { text: b.requirements })}</p>
                        )}
                      </div>,
                      `${b.checkIn} – ${b.checkOut}`,
                      t('mine.nightsRoomsValue', { nights: b.nights, rooms: b.rooms }),
                      <span key="total" className={`${ui.sm} ${ui.strong}`} data-testid="hotel-booking-total">
                        {b.order ? formatMoney(b.order.totalMinor, b.order.currency, locale) : ''}
                      </span>,
                      <StatusBadge key="status" color={STATUS_COLORS[b.status] ?? 'gray'} data-testid="hotel-booking-status">
                        {t.has(`status.${b.status}`) ? t(`status.${b.status}`) : b.status}
                      </StatusBadge>,
                      b.order?.orderNo ?? '',
                      b.order ? (
                        <div key="pay" className={ui.stack} data-gap="tight" data-align="start">
                          <StatusBadge color={PAY_COLORS[b.order.payStatus] ?? 'gray'} data-testid="order-status">
                            {payStatusLabel(to, b.order.payStatus)}
                          </StatusBadge>
                          {b.order.orderStatus === 'invalid' && b.order.invalidReason && to.has(`invalid_${b.order.invalidReason}`) && (
                            <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>{to(`invalid_${b.order.invalidReason}`)}</p>
                          )}
                          <PayByNote orderId={b.order.id} payBy={payBy} locale={locale} timeZone={conference.timeZone} />
                        </div>
                      ) : (
                        ''
                      ),
                      <div key="actions">{order ? payActions(order, change) : change}</div>,
                    ],
                  };
                })}
              />
            )}
          </section>
        </div>
      </Panel>
    </NextIntlClientProvider>
  );
}
