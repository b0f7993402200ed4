import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/lib/fees/money';
import type { HotelOption } from '@/lib/hotel/booking-queries';
import { localized, type Locale } from '@/lib/i18n/localized';
import classes from './hotel-cards.module.css';

/** The hotels on offer: name, stars, address, photo and link, and each room type's price and free rooms (server-rendered HTML). */
export async function HotelCards({ hotels, locale }: { hotels: HotelOption[]; locale: Locale }) {
  const t = await getTranslations('hotelBooking');
  if (hotels.length === 0)
    return (
      <p className={classes.none} data-testid="hotel-none">
        {t('noHotels')}
      </p>
    );
  return (
    <div className={classes.list}>
      {hotels.map((h) => {
        const name = localized(h.name, locale);
        const address = localized(h.address, locale);
        return (
          <div key={h.id} className={classes.card} data-testid={`hotel-card-${h.id}`}>
            <div className={classes.head} data-photo={h.photo ? '' : undefined}>
              {h.photo && (
                // eslint-disable-next-line @next/next/no-img-element -- an organiser's upload served by the app, drawn at its box's size
                <img
                  className={classes.photo}
                  src={`/api/conference/asset/${encodeURIComponent(h.photo)}`}
                  alt={t('photoOf', { hotel: name })}
                  loading="lazy"
                />
              )}
              <div className={classes.about}>
                <h4 className={classes.name}>{name}</h4>
                <span className={classes.stars} data-rated={h.stars > 0 ? '' : undefined}>
                  {h.stars > 0 ? t('stars', { stars: h.stars }) : t('unrated')}
                </span>
                {address && <span>{address}</span>}
                {h.link && (
                  <a
                    className={classes.link}
                    href={h.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('websiteOf', { hotel: name })}
                  >
                    {t('website')}
                  </a>
                )}
              </div>
            </div>
            <div>
              <table className={classes.rooms} data-testid={`hotel-rooms-${h.id}`}>
                <thead>
                  <tr>
                    <th scope="col">{t('roomType')}</th>
                    <th scope="col">{t('pricePerNight')}</th>
                    <th scope="col">{t('freeRooms')}</th>
                    <th scope="col">{t('checkInWindow')}</th>
                    <th scope="col">{t('perBooking')}</th>
                  </tr>
                </thead>
                <tbody>
                  {h.roomTypes.map((r) => (
                    <tr key={r.id} data-testid={`room-type-${r.id}`}>
                      <th scope="row" className={classes.roomName}>
                        {localized(r.name, locale)}
                      </th>
                      <td data-label={t('pricePerNight')}>
                        {r.priceStale ? (
                          <span className={classes.stale}>{t('priceStale')}</span>
                        ) : (
                          <div>
                            {/* What is charged comes first; the display price only when it says something else. */}
                            <div>{formatMoney(r.priceMinor, r.currency, locale)}</div>
                            {(r.displayCurrency !== r.currency || r.displayPriceMinor !== r.priceMinor) && (
                              <div className={classes.dimmed}>{formatMoney(r.displayPriceMinor, r.displayCurrency, locale)}</div>
                            )}
                          </div>
                        )}
                      </td>
                      <td data-label={t('freeRooms')}>
                        <div>
                          <div data-testid={`room-type-free-${r.id}`}>{t('freeRoomsValue', { free: r.freeRooms })}</div>
                          {r.nights.length > 0 && (
                            <details>
                              <summary className={classes.summary}>{t('showNights')}</summary>
                              <table
                                className={classes.nights}
                                aria-label={t('nightsAvailability', { roomType: localized(r.name, locale) })}
                              >
                                <thead>
                                  <tr>
                                    <th scope="col">{t('night')}</th>
                                    <th scope="col">{t('free')}</th>
                                  </tr>
                                </thead>
                                <tbody>
                                  {r.nights.map((n) => (
                                    <tr key={n.night}>
                                      <td>{n.night}</td>
                                      <td>{n.free}</td>
                                    </tr>
                                  ))}
                                </tbody>
                              </table>
                            </details>
                          )}
                        </div>
                      </td>
                      <td data-label={t('checkInWindow')}>{t('checkInWindowValue', { start: r.checkInStart, end: r.checkInEnd })}</td>
                      <td data-label={t('perBooking')}>{t('perBookingValue', { min: r.minPerPerson, max: r.maxPerPerson })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </div>
  );
}
