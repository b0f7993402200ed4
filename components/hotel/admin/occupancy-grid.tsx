import { Alert, Paper, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title, VisuallyHidden } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { OccupancyGrid as Grid } from '@/lib/hotel/occupancy';
import { localized, type Locale } from '@/lib/i18n/localized';

const INTL_LOCALE: Record<Locale, string> = { zh: 'zh-CN', en: 'en-GB' };
/** A caption for screen readers only (the heading above says it to everyone else). */
const hiddenCaption = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const stickyCell = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)', minWidth: 150 } as const;

/**
 * The occupancy grid: per hotel a table of room types (rows) by nights (columns), each cell the
 * rooms taken over the rooms bookable that night. A full night says so in words (and is tinted); a
 * night outside the room type's window shows a dash with its meaning for screen readers. Each
 * table scrolls sideways inside its own focusable region, so the page never does.
 */
export async function OccupancyGrid({ grid, locale }: { grid: Grid; locale: Locale }) {
  const t = await getTranslations('hotelAdmin');
  const nightLabel = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: 'UTC', month: 'short', day: 'numeric' });
  const fullDate = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: 'UTC', dateStyle: 'full' });
  const weekday = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: 'UTC', weekday: 'short' });
  const day = (night: string) => new Date(`${night}T00:00:00Z`);
  if (grid.hotels.length === 0) {
    return (
      <Text c="dimmed" data-testid="occupancy-empty">
        {t('occupancyNone')}
      </Text>
    );
  }
  return (
    <Stack gap="lg" data-testid="occupancy">
      <Text size="sm">{t('occupancyLegend')}</Text>
      {grid.truncated ? (
        <Alert color="orange" data-testid="occupancy-truncated">
          {t('occupancyTruncated', { count: grid.nights.length })}
        </Alert>
      ) : null}
      {grid.hotels.map((h) => {
        const name = localized(h.name, locale);
        const titleId = `occupancy-hotel-${h.id}`;
        return (
          <Paper key={h.id} withBorder p="md" data-testid="occupancy-hotel" data-hotel={h.id}>
            <Title order={4} mb="sm" id={titleId}>
              {name}
              {h.archived ? ` (${t('archived')})` : ''}
            </Title>
            {h.roomTypes.length === 0 || grid.nights.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('occupancyNoRooms')}
              </Text>
            ) : (
              <div
                role="region"
                aria-labelledby={titleId}
                tabIndex={0}
                style={{ overflowX: 'auto', maxWidth: '100%' }}
                data-testid="occupancy-scroll"
              >
                <Table withColumnBorders withTableBorder fz="sm" style={{ width: 'max-content' }} data-testid="occupancy-table">
                  <caption style={hiddenCaption}>{t('occupancyCaption', { hotel: name })}</caption>
                  <TableThead>
                    <TableTr>
                      <TableTh scope="col" style={stickyCell}>
                        {t('roomType')}
                      </TableTh>
                      {grid.nights.map((night) => (
                        <TableTh key={night} scope="col" style={{ textAlign: 'center', whiteSpace: 'nowrap' }} data-night={night}>
                          <VisuallyHidden>{fullDate.format(day(night))}</VisuallyHidden>
                          <span aria-hidden="true">
                            {nightLabel.format(day(night))}
                            <br />
                            <Text span size="xs" c="dimmed">
                              {weekday.format(day(night))}
                            </Text>
                          </span>
                        </TableTh>
                      ))}
                    </TableTr>
                  </TableThead>
                  <TableTbody>
                    {h.roomTypes.map((rt) => (
                      <TableTr key={rt.id} data-testid="occupancy-row" data-room-type={rt.id}>
                        <TableTh scope="row" style={stickyCell}>
                          {localized(rt.name, locale)}
                          {rt.archived ? ` (${t('archived')})` : ''}
                          <Text size="xs" c="dimmed" fw={400}>
                            {t('roomsTotal', { count: rt.totalRooms })}
                          </Text>
                        </TableTh>
                        {rt.cells.map((cell) => (
                          <TableTd
                            key={cell.night}
                            data-testid="occupancy-cell"
                            data-night={cell.night}
                            data-booked={cell.booked}
                            data-total={cell.total}
                            data-full={cell.full ? '1' : '0'}
                            data-open={cell.open ? '1' : '0'}
                            style={{
                              textAlign: 'center',
                              whiteSpace: 'nowrap',
                              background: cell.full && (cell.open || cell.booked > 0) ? 'var(--mantine-color-red-light)' : undefined,
                            }}
                          >
                            {cell.open || cell.booked > 0 ? (
                              <>
                                {t('cell', { booked: cell.booked, total: cell.total })}
                                {cell.full ? (
                                  <Text span display="block" size="xs" fw={700}>
                                    {t('full')}
                                  </Text>
                                ) : null}
                              </>
                            ) : (
                              <>
                                <span aria-hidden="true">—</span>
                                <VisuallyHidden>{t('notOffered')}</VisuallyHidden>
                              </>
                            )}
                          </TableTd>
                        ))}
                      </TableTr>
                    ))}
                  </TableTbody>
                </Table>
              </div>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
