import { describe, expect, it } from 'vitest';
import { DEFAULT_HOTEL_CONFIG, hotelBookingState, isWebLink, ZHotelConfig, ZHotelInput, ZRoomTypeInput } from './schemas';

const config = { enabled: true, bookingStart: '2026-05-01', bookingEnd: '2026-06-30' };

describe('hotelBookingState', () => {
  it('walks closed → notStarted → open → ended, both ends inclusive', () => {
    expect(hotelBookingState({ ...config, enabled: false }, '2026-05-10')).toBe('closed');
    expect(hotelBookingState({ ...config, bookingEnd: '' }, '2026-05-10')).toBe('closed');
    expect(hotelBookingState(config, '2026-04-30')).toBe('notStarted');
    expect(hotelBookingState(config, '2026-05-01')).toBe('open');
    expect(hotelBookingState(config, '2026-06-30')).toBe('open');
    expect(hotelBookingState(config, '2026-07-01')).toBe('ended');
  });
});

describe('ZHotelConfig', () => {
  const issues = (value: Record<string, unknown>) =>
    ZHotelConfig.safeParse({ ...config, currency: 'CNY', displayCurrency: 'CNY', ...value }).error?.issues ?? [];

  it('never defaults the currencies: a save that leaves them out is refused, not turned into CNY', () => {
    const parsed = ZHotelConfig.safeParse(config);
    expect(parsed.error?.issues.map((i) => i.path[0]).sort()).toEqual(['currency', 'displayCurrency']);
  });

  it('has the column defaults when nothing is given', () => {
    expect(DEFAULT_HOTEL_CONFIG).toEqual({
      enabled: false,
      bookingStart: '',
      bookingEnd: '',
      currency: 'CNY',
      displayCurrency: 'CNY',
      description: { zh: '', en: '' },
      conditions: { zh: '', en: '' },
      requireAcceptedAbstract: false,
      maxBookingsPerUser: 1,
    });
  });

  it('refuses a start after the end (on the end), and missing dates once booking is open', () => {
    expect(issues({ bookingStart: '2026-07-01' })).toMatchObject([{ path: ['bookingEnd'], message: 'hotelConfigEndBeforeStart' }]);
    expect(issues({ bookingStart: '2026-06-30' })).toEqual([]);
    expect(issues({ bookingStart: '' })).toMatchObject([{ path: ['bookingStart'], message: 'hotelConfigDateRequired' }]);
    expect(issues({ bookingEnd: '' })).toMatchObject([{ path: ['bookingEnd'], message: 'hotelConfigDateRequired' }]);
    expect(issues({ enabled: false, bookingStart: '', bookingEnd: '' })).toEqual([]);
    // Switched off, the order still holds.
    expect(issues({ enabled: false, bookingStart: '2026-07-01' })).toMatchObject([{ message: 'hotelConfigEndBeforeStart' }]);
    expect(issues({ bookingStart: '2026-02-30' })).toMatchObject([{ path: ['bookingStart'], message: 'dateInvalid' }]);
  });

  it('takes ISO currencies the fees use, a per-account limit of at least one, and bounded rich text', () => {
    expect(issues({ currency: 'USD', displayCurrency: 'EUR' })).toEqual([]);
    expect(issues({ currency: 'BTC' })).toMatchObject([{ path: ['currency'], message: 'invalidChoice' }]);
    expect(issues({ displayCurrency: 'usd' })).toMatchObject([{ path: ['displayCurrency'], message: 'invalidChoice' }]);
    expect(issues({ maxBookingsPerUser: 0 })).toMatchObject([{ path: ['maxBookingsPerUser'], message: 'hotelConfigMaxBookingsInvalid' }]);
    expect(issues({ maxBookingsPerUser: 1.5 })).toMatchObject([{ message: 'hotelConfigMaxBookingsInvalid' }]);
    expect(issues({ maxBookingsPerUser: 3 })).toEqual([]);
    expect(issues({ description: { zh: 'x'.repeat(20_001), en: '' } })).toMatchObject([
      { path: ['description', 'zh'], message: 'tooLong' },
    ]);
  });
});

describe('ZHotelInput', () => {
  const hotel = { name: { zh: '会议酒店', en: 'Conference Hotel' } };
  const issues = (value: Record<string, unknown>) => ZHotelInput.safeParse({ ...hotel, ...value }).error?.issues ?? [];

  it('needs both names; stars 0–5; an http(s) link or none; a stored photo name or none', () => {
    expect(ZHotelInput.parse(hotel)).toEqual({ ...hotel, stars: 0, link: '', address: { zh: '', en: '' }, photo: '' });
    expect(issues({ name: { zh: ' ', en: 'Hotel' } })).toMatchObject([{ path: ['name', 'zh'], message: 'hotelNameRequired' }]);
    expect(issues({ name: { zh: '酒店', en: '' } })).toMatchObject([{ path: ['name', 'en'], message: 'hotelNameRequired' }]);
    expect(issues({ stars: 6 })).toMatchObject([{ path: ['stars'], message: 'hotelStarsInvalid' }]);
    expect(issues({ stars: -1 })).toMatchObject([{ message: 'hotelStarsInvalid' }]);
    expect(issues({ stars: 4.5 })).toMatchObject([{ message: 'hotelStarsInvalid' }]);
    expect(issues({ stars: 5, link: 'https://hotel.example.org/rooms?x=1' })).toEqual([]);
    expect(issues({ link: 'javascript:alert(1)' })).toMatchObject([{ path: ['link'], message: 'hotelLinkInvalid' }]);
    expect(issues({ link: 'ftp://hotel.example.org' })).toMatchObject([{ message: 'hotelLinkInvalid' }]);
    expect(issues({ link: 'https://' })).toMatchObject([{ message: 'hotelLinkInvalid' }]);
    expect(issues({ photo: `${'a'.repeat(32)}.png` })).toEqual([]);
    expect(issues({ photo: '../../etc/passwd' })).toMatchObject([{ path: ['photo'], message: 'hotelPhotoInvalid' }]);
    expect(issues({ photo: `${'a'.repeat(32)}.svg` })).toMatchObject([{ message: 'hotelPhotoInvalid' }]);
  });

  it('knows web links', () => {
    expect(isWebLink('')).toBe(true);
    expect(isWebLink('http://a.example')).toBe(true);
    expect(isWebLink('HTTPS://A.EXAMPLE/x')).toBe(true);
    expect(isWebLink('a.example')).toBe(false);
    expect(isWebLink('data:text/html,x')).toBe(false);
  });
});

describe('ZRoomTypeInput (every spec §5 hotel-room rule, on its field)', () => {
  const room = {
    hotelId: 1,
    name: { zh: '标准间', en: 'Standard room' },
    priceMinor: 50000,
    displayPriceMinor: 7000,
    displayCurrency: 'USD',
    totalRooms: 20,
    minPerPerson: 1,
    maxPerPerson: 2,
    checkInStart: '2026-05-10',
    checkInEnd: '2026-05-14',
  };
  const issues = (value: Record<string, unknown>) => ZRoomTypeInput.safeParse({ ...room, ...value }).error?.issues ?? [];

  it('keeps a check-in window within 366 nights', () => {
    expect(issues({ checkInStart: '2026-01-01', checkInEnd: '2027-01-02' })).toEqual([]);
    expect(issues({ checkInStart: '2026-01-01', checkInEnd: '2027-01-03' })).toMatchObject([
      { path: ['checkInEnd'], message: 'roomTypeWindowTooLong' },
    ]);
    expect(issues({ checkInStart: '1900-01-01', checkInEnd: '2999-12-31' })).toMatchObject([{ message: 'roomTypeWindowTooLong' }]);
  });

  it('takes a valid room type', () => {
    expect(issues({})).toEqual([]);
    // Equal start and end: "start not after end".
    expect(issues({ checkInEnd: '2026-05-10' })).toEqual([]);
    // Equal bounds are fine for the counts too.
    expect(issues({ minPerPerson: 2, maxPerPerson: 2, totalRooms: 2 })).toEqual([]);
  });

  it('start check-in not after end', () => {
    expect(issues({ checkInStart: '2026-05-15' })).toMatchObject([{ path: ['checkInEnd'], message: 'roomTypeCheckInEndBeforeStart' }]);
    expect(issues({ checkInStart: '' })).toMatchObject([{ path: ['checkInStart'], message: 'roomTypeDateRequired' }]);
    expect(issues({ checkInEnd: '' })).toMatchObject([{ path: ['checkInEnd'], message: 'roomTypeDateRequired' }]);
    expect(issues({ checkInEnd: '2026-13-01' })).toMatchObject([{ path: ['checkInEnd'], message: 'dateInvalid' }]);
  });

  it('total bookable not below max per person', () => {
    expect(issues({ totalRooms: 1, maxPerPerson: 2 })).toMatchObject([{ path: ['totalRooms'], message: 'roomTypeTotalBelowMax' }]);
    // Out of range first: that message comes first on the field (the one the form and the handler show).
    expect(issues({ totalRooms: 0 })[0]).toMatchObject({ path: ['totalRooms'], message: 'roomTypeTotalInvalid' });
  });

  it('max per person not below min', () => {
    expect(issues({ minPerPerson: 3, maxPerPerson: 2 })).toMatchObject([{ path: ['maxPerPerson'], message: 'roomTypeMaxBelowMin' }]);
    expect(issues({ minPerPerson: 0 })[0]).toMatchObject({ path: ['minPerPerson'], message: 'roomTypePerPersonInvalid' });
  });

  it('price and display price positive, whole minor units', () => {
    expect(issues({ displayPriceMinor: 0 })).toMatchObject([{ path: ['displayPriceMinor'], message: 'roomTypeDisplayPricePositive' }]);
    expect(issues({ displayPriceMinor: -5 })).toMatchObject([{ message: 'roomTypeDisplayPricePositive' }]);
    expect(issues({ displayPriceMinor: '' })).toMatchObject([{ message: 'roomTypeDisplayPricePositive' }]);
    expect(issues({ priceMinor: 0 })).toMatchObject([{ path: ['priceMinor'], message: 'roomTypePricePositive' }]);
    expect(issues({ priceMinor: 10.5 })).toMatchObject([{ path: ['priceMinor'], message: 'priceInvalid' }]);
    expect(issues({ priceMinor: Number.NaN })).toMatchObject([{ path: ['priceMinor'] }]);
    expect(issues({ priceMinor: 100_000_001 })).toMatchObject([{ message: 'priceInvalid' }]);
    expect(issues({ displayCurrency: 'XXX' })).toMatchObject([{ path: ['displayCurrency'], message: 'invalidChoice' }]);
  });

  it('needs both names and a hotel', () => {
    expect(issues({ name: { zh: '', en: 'Room' } })).toMatchObject([{ path: ['name', 'zh'], message: 'roomTypeNameRequired' }]);
    expect(issues({ hotelId: 0 })).toMatchObject([{ path: ['hotelId'] }]);
  });
});
