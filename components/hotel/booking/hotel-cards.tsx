import {
  Anchor,
  Badge,
  Card,
  Grid,
  GridCol,
  Group,
  Image,
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
import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/lib/fees/money';
import type { HotelOption } from '@/lib/hotel/booking-queries';
import { localized, type Locale } from '@/lib/i18n/localized';

/** The hotels on offer: name, stars, address, photo and link, and each room type's price and free rooms. */
export async function HotelCards({ hotels, locale }: { hotels: HotelOption[]; locale: Locale }) {
  const t = await getTranslations('hotelBooking');
  if (hotels.length === 0)
    return (
      <Text c="dimmed" data-testid="hotel-none">
        {t('noHotels')}
      </Text>
    );
  return (
    <Stack gap="md">
      {hotels.map((h) => {
        const name = localized(h.name, locale);
        const address = localized(h.address, locale);
        return (
          <Card key={h.id} withBorder padding="md" data-testid={`hotel-card-${h.id}`}>
            <Stack gap="sm">
              <Grid gap="md">
                {h.photo && (
                  <GridCol span={{ base: 12, sm: 4 }}>
                    <Image
                      src={`/api/conference/asset/${encodeURIComponent(h.photo)}`}
                      alt={t('photoOf', { hotel: name })}
                      h={180}
                      fit="cover"
                      radius="sm"
                      loading="lazy"
                    />
                  </GridCol>
                )}
                <GridCol span={{ base: 12, sm: h.photo ? 8 : 12 }}>
                  <Stack gap={4}>
                    <Title order={4} size="h5">
                      {name}
                    </Title>
                    <Group gap="xs">
                      <Badge variant="light" color={h.stars > 0 ? 'yellow' : 'gray'}>
                        {h.stars > 0 ? t('stars', { stars: h.stars }) : t('unrated')}
                      </Badge>
                    </Group>
                    {address && <Text size="sm">{address}</Text>}
                    {h.link && (
                      <Anchor
                        href={h.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="sm"
                        aria-label={t('websiteOf', { hotel: name })}
                      >
                        {t('website')}
                      </Anchor>
                    )}
                  </Stack>
                </GridCol>
              </Grid>
              <TableScrollContainer minWidth={560}>
                <Table striped data-testid={`hotel-rooms-${h.id}`}>
                  <TableThead>
                    <TableTr>
                      <TableTh scope="col">{t('roomType')}</TableTh>
                      <TableTh scope="col">{t('pricePerNight')}</TableTh>
                      <TableTh scope="col">{t('freeRooms')}</TableTh>
                      <TableTh scope="col">{t('checkInWindow')}</TableTh>
                      <TableTh scope="col">{t('perBooking')}</TableTh>
                    </TableTr>
                  </TableThead>
                  <TableTbody>
                    {h.roomTypes.map((r) => (
                      <TableTr key={r.id} data-testid={`room-type-${r.id}`}>
                        <TableTh scope="row" fw={500}>
                          {localized(r.name, locale)}
                        </TableTh>
                        <TableTd>
                          {r.priceStale ? (
                            <Text size="sm" c="orange.8">
                              {t('priceStale')}
                            </Text>
                          ) : (
                            <Stack gap={0}>
                              {/* What is charged comes first; the display price only when it says something else. */}
                              <Text size="sm">{formatMoney(r.priceMinor, r.currency, locale)}</Text>
                              {(r.displayCurrency !== r.currency || r.displayPriceMinor !== r.priceMinor) && (
                                <Text size="xs" c="dimmed">
                                  {formatMoney(r.displayPriceMinor, r.displayCurrency, locale)}
                                </Text>
                              )}
                            </Stack>
                          )}
                        </TableTd>
                        <TableTd>
                          <Text size="sm" data-testid={`room-type-free-${r.id}`}>
                            {t('freeRoomsValue', { free: r.freeRooms })}
                          </Text>
                          {r.nights.length > 0 && (
                            <details>
                              <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-xs)' }}>{t('showNights')}</summary>
                              <Table fz="xs" mt={4} aria-label={t('nightsAvailability', { roomType: localized(r.name, locale) })}>
                                <TableThead>
                                  <TableTr>
                                    <TableTh scope="col">{t('night')}</TableTh>
                                    <TableTh scope="col">{t('free')}</TableTh>
                                  </TableTr>
                                </TableThead>
                                <TableTbody>
                                  {r.nights.map((n) => (
                                    <TableTr key={n.night}>
                                      <TableTd>{n.night}</TableTd>
                                      <TableTd>{n.free}</TableTd>
                                    </TableTr>
                                  ))}
                                </TableTbody>
                              </Table>
                            </details>
                          )}
                        </TableTd>
                        <TableTd>
                          <Text size="sm">{t('checkInWindowValue', { start: r.checkInStart, end: r.checkInEnd })}</Text>
                        </TableTd>
                        <TableTd>{t('perBookingValue', { min: r.minPerPerson, max: r.maxPerPerson })}</TableTd>
                      </TableTr>
                    ))}
                  </TableTbody>
                </Table>
              </TableScrollContainer>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
