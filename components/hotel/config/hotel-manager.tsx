'use client';

import { Alert, Anchor, Badge, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatMoney } from '@/lib/fees/money';
import type { HotelView, RoomTypeView } from '@/lib/hotel/queries';
import type { HotelInput, RoomTypeInput } from '@/lib/hotel/schemas';
import { localized } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import { DeleteAction } from '@/components/ui/delete-action';
import { ListTable } from '@/components/ui/list-table';
import { useAppLocale } from '@/components/ui/use-api';
import { HotelForm, NEW_HOTEL } from './hotel-form';
import { newRoomType, RoomTypeForm } from './room-type-form';

const BASE = '/conference/platform/config/hotel';

type HotelEdit = { id: number | null; input: HotelInput };
type RoomEdit = { id: number | null; hotelName: string; input: RoomTypeInput; bookedPeak: number };

function hotelInput(h: HotelView): HotelInput {
  return { name: h.name, stars: h.stars, link: h.link, address: h.address, photo: h.photo };
}

function roomInput(r: RoomTypeView): RoomTypeInput {
  return {
    hotelId: r.hotelId,
    name: r.name,
    priceMinor: r.priceMinor,
    displayPriceMinor: r.displayPriceMinor,
    displayCurrency: r.displayCurrency as RoomTypeInput['displayCurrency'],
    totalRooms: r.totalRooms,
    minPerPerson: r.minPerPerson,
    maxPerPerson: r.maxPerPerson,
    checkInStart: r.checkInStart,
    checkInEnd: r.checkInEnd,
  };
}

/**
 * The conference's hotels, each with its room types: add, edit and delete both (a hotel or room
 * type once booked is archived instead). A room type whose price is from a former settlement
 * currency says so in words, not only in colour, until it is saved again.
 */
export function HotelManager({ hotels, currency, displayCurrency }: { hotels: HotelView[]; currency: string; displayCurrency: string }) {
  const t = useTranslations('hotelConfig');
  const locale = useAppLocale();
  const router = useRouter();
  const [hotelEdit, setHotelEdit] = useState<HotelEdit | null>(null);
  const [roomEdit, setRoomEdit] = useState<RoomEdit | null>(null);
  const stale = hotels.flatMap((h) => h.roomTypes).filter((r) => r.priceStale).length;
  const saved = () => {
    setHotelEdit(null);
    setRoomEdit(null);
    router.refresh();
  };

  const roomRows = (h: HotelView, hotelName: string) =>
    h.roomTypes.map((r) => {
      const name = localized(r.name, locale);
      return {
        key: r.id,
        attrs: { 'data-room-type': r.id, 'data-stale': r.priceStale ? 1 : 0 },
        cells: [
          <Text key="name" size="sm" fw={500}>
            {name}
          </Text>,
          <Stack key="price" gap={2}>
            <Text size="sm" td={r.priceStale ? 'line-through' : undefined}>
              {formatMoney(r.priceMinor, r.currency, locale)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('displayPriceShown', { price: formatMoney(r.displayPriceMinor, r.displayCurrency, locale) })}
            </Text>
            {r.priceStale && (
              <>
                <Badge color="red" variant="filled" size="sm" data-testid="price-stale">
                  {t('priceStale')}
                </Badge>
                <Text size="xs" c="red.8">
                  {t('priceStaleHint', { currency })}
                </Text>
              </>
            )}
          </Stack>,
          <Text key="rooms" size="sm" data-testid="room-occupancy">
            {t('roomsBooked', { total: r.totalRooms, booked: r.bookedPeak })}
          </Text>,
          <Text key="per" size="sm">
            {t('perPerson', { min: r.minPerPerson, max: r.maxPerPerson })}
          </Text>,
          <Text key="dates" size="sm" style={{ whiteSpace: 'nowrap' }}>
            {r.checkInStart} – {r.checkInEnd}
          </Text>,
          <Group key="actions" gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant={r.priceStale ? 'filled' : 'subtle'}
              aria-label={t('editOf', { name })}
              onClick={() => setRoomEdit({ id: r.id, hotelName, input: roomInput(r), bookedPeak: r.bookedPeak })}
              data-testid="edit-room-type"
            >
              {t('edit')}
            </Button>
            <DeleteAction
              path={`${BASE}/roomTypes/${r.id}`}
              label={t('delete')}
              confirm={t('deleteRoomTypeConfirm')}
              done={t('roomTypeRemoved')}
              testId="delete-room-type"
            />
          </Group>,
        ],
      };
    });

  return (
    <Paper withBorder p="md" data-testid="hotel-manager">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={3}>{t('hotelsTitle')}</Title>
        <Button size="xs" onClick={() => setHotelEdit({ id: null, input: NEW_HOTEL })} data-testid="add-hotel">
          {t('addHotel')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('hotelsHint')}
      </Text>
      {stale > 0 && (
        <Alert color="red" mb="sm" data-testid="stale-alert">
          {t('staleAlert', { count: stale, currency })}
        </Alert>
      )}
      {hotels.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="hotels-empty">
          {t('hotelsEmpty')}
        </Text>
      ) : (
        <Stack gap="md">
          {hotels.map((h) => {
            const name = localized(h.name, locale);
            const address = localized(h.address, locale);
            return (
              <Paper key={h.id} withBorder p="sm" component="section" aria-label={name} data-hotel={h.id} data-testid="hotel-card">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
                  <Group align="flex-start" gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    {h.photo && (
                      <Image
                        src={`/api/conference/asset/${h.photo}`}
                        alt={t('photoAlt', { name })}
                        w={96}
                        h={64}
                        fit="cover"
                        radius="sm"
                        style={{ flexShrink: 0 }}
                      />
                    )}
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Title order={4} style={{ overflowWrap: 'anywhere' }}>
                        {name}
                      </Title>
                      <Text size="sm">{t('stars', { count: h.stars })}</Text>
                      {address && (
                        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {address}
                        </Text>
                      )}
                      {h.link && (
                        <Anchor href={h.link} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {t('website')}
                        </Anchor>
                      )}
                    </Stack>
                  </Group>
                  <Group gap={4} wrap="wrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setRoomEdit({ id: null, hotelName: name, input: newRoomType(h.id, displayCurrency), bookedPeak: 0 })}
                      aria-label={t('addRoomTypeOf', { name })}
                      data-testid="add-room-type"
                    >
                      {t('addRoomType')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-label={t('editOf', { name })}
                      onClick={() => setHotelEdit({ id: h.id, input: hotelInput(h) })}
                      data-testid="edit-hotel"
                    >
                      {t('edit')}
                    </Button>
                    <DeleteAction
                      path={`${BASE}/hotels/${h.id}`}
                      label={t('delete')}
                      confirm={t('deleteHotelConfirm')}
                      done={t('hotelRemoved')}
                      testId="delete-hotel"
                    />
                  </Group>
                </Group>
                <ListTable
                  framed={false}
                  testId="room-type-table"
                  minWidth={760}
                  empty={t('noRoomTypes')}
                  head={[t('colRoomType'), t('colPrice'), t('colRooms'), t('colPerPerson'), t('colCheckIn'), t('colActions')]}
                  rows={roomRows(h, name)}
                />
              </Paper>
            );
          })}
        </Stack>
      )}
      <HotelForm
        opened={hotelEdit !== null}
        hotelId={hotelEdit?.id ?? null}
        initial={hotelEdit?.input ?? NEW_HOTEL}
        onClose={() => setHotelEdit(null)}
        onSaved={saved}
      />
      <RoomTypeForm
        opened={roomEdit !== null}
        title={
          roomEdit?.id ? t('editRoomTypeTitle', { name: roomEdit.hotelName }) : t('addRoomTypeTo', { name: roomEdit?.hotelName ?? '' })
        }
        roomTypeId={roomEdit?.id ?? null}
        initial={roomEdit?.input ?? newRoomType(0, displayCurrency)}
        currency={currency}
        bookedPeak={roomEdit?.bookedPeak ?? 0}
        onClose={() => setRoomEdit(null)}
        onSaved={saved}
      />
    </Paper>
  );
}
