import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BookingFilters } from '@/components/hotel/admin/booking-filters';
import { BookingList } from '@/components/hotel/admin/booking-list';
import { OccupancyGrid } from '@/components/hotel/admin/occupancy-grid';
import { hotelAdminView, ViewNav } from '@/components/hotel/admin/view-nav';
import { MailTemplateForm } from '@/components/mail/template-editor';
import { requirePage } from '@/lib/auth/require-page';
import { adminHotelBookings, hotelChoices } from '@/lib/hotel/admin-list';
import { adminHotelQueryFrom, HOTEL_LIST_FILTERS, ZAdminHotelBookingQuery, ZOccupancyQuery } from '@/lib/hotel/admin-list-params';
import { HOTEL_BOOKING_MAIL_VARS } from '@/lib/hotel/booking-mail';
import { defaultHotelMailTemplate, hotelMailSamples, hotelMailTemplate } from '@/lib/hotel/mail-template';
import { occupancyGrid } from '@/lib/hotel/occupancy';
import { localized } from '@/lib/i18n/localized';

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('hotelAdmin');
  return { title: t('title') };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Whether the address carried filters that could not be read (they were replaced by the defaults). */
function filtersInvalid(params: SearchParams): boolean {
  const raw = Object.fromEntries(
    [...HOTEL_LIST_FILTERS, 'page'].map((name) => [name, first(params[name])]).filter(([, v]) => v !== undefined),
  );
  return !ZAdminHotelBookingQuery.safeParse(raw).success;
}

/**
 * Hotel booking management (spec §2 /platform/manage/hotel): the filtered, paged bookings with the
 * rooming list to download, the occupancy grid (room type × night, booked / total), and the hotel
 * booking mail template (`?view=`).
 */
export default async function ManageHotelPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { db, conference, locale } = await requirePage('/platform/manage/hotel');
  const params = await searchParams;
  const view = hotelAdminView(params.view);
  const [t, choices] = await Promise.all([getTranslations('hotelAdmin'), hotelChoices(db, conference.id)]);
  const hotelOptions = choices.hotels.map((h) => ({ value: String(h.id), label: localized(h.name, locale) }));
  const hotelName = new Map(choices.hotels.map((h) => [h.id, localized(h.name, locale)]));

  let body: React.ReactNode;
  if (view === 'occupancy') {
    const parsed = ZOccupancyQuery.safeParse({ hotel: first(params.hotel) ?? '' });
    const hotel = parsed.success ? parsed.data.hotel : '';
    const grid = await occupancyGrid(db, conference.id, hotel);
    body = (
      <Stack gap="md">
        <Paper withBorder p="md">
          <form method="get" aria-label={t('filters')} data-testid="occupancy-filters">
            <input type="hidden" name="view" value="occupancy" />
            <Group align="flex-end" gap="sm">
              <NativeSelect
                name="hotel"
                label={t('hotel')}
                defaultValue={String(hotel)}
                data={[{ value: '', label: t('allHotels') }, ...hotelOptions]}
                data-testid="occupancy-filter-hotel"
              />
              <Button type="submit" data-testid="occupancy-apply">
                {t('apply')}
              </Button>
            </Group>
          </form>
        </Paper>
        <OccupancyGrid grid={grid} locale={locale} />
      </Stack>
    );
  } else if (view === 'mail') {
    const [template, samples] = await Promise.all([hotelMailTemplate(db, conference.id), hotelMailSamples(db, conference)]);
    body = (
      <Stack gap="md" data-testid="hotel-mail">
        <div>
          <Title order={4}>{t('mailTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('mailIntro')}
          </Text>
        </div>
        <MailTemplateForm
          template={{ name: 'hotelBooking', vars: HOTEL_BOOKING_MAIL_VARS, defaults: defaultHotelMailTemplate(), override: template }}
          samples={samples}
          path="/conference/platform/manage/hotel/mail-template"
        />
      </Stack>
    );
  } else {
    const query = adminHotelQueryFrom(params);
    const list = await adminHotelBookings(db, conference.id, query);
    const exportQuery = new URLSearchParams({ lang: locale, ...(query.hotel !== '' ? { hotel: String(query.hotel) } : {}) });
    body = (
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Text size="sm" c="dimmed" data-testid="hotel-total">
            {t('total', { count: list.total })}
          </Text>
          <Stack gap={2} align="flex-end">
            <Button component="a" href={`/api/conference/platform/manage/hotel/export?${exportQuery}`} download data-testid="hotel-export">
              {query.hotel !== '' && hotelName.has(query.hotel) ? t('exportHotel', { hotel: hotelName.get(query.hotel)! }) : t('exportAll')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('exportHint')}
            </Text>
          </Stack>
        </Group>
        {filtersInvalid(params) ? (
          <Alert color="orange" data-testid="hotel-filters-invalid">
            {t('filtersInvalid')}
          </Alert>
        ) : null}
        <BookingFilters
          query={query}
          hotels={hotelOptions}
          roomTypes={choices.roomTypes.map((r) => ({
            value: String(r.id),
            label: `${hotelName.get(r.hotelId) ?? ''} · ${localized(r.name, locale)}`,
          }))}
        />
        <BookingList rows={list.rows} total={list.total} query={query} locale={locale} timeZone={conference.timeZone} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" style={{ minWidth: 0 }}>
      <Title order={3}>{t('title')}</Title>
      <ViewNav view={view} />
      {body}
    </Stack>
  );
}
