import { readFileSync } from 'node:fs';
import { expectNoSerious } from './support/axe';
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { answerConfirm, login, waitForApp, waitForMail } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * Hotel booking in a real browser, on a conference of its own (`inn`, planted by e2e/seed.ts), in
 * each language: the organiser opens booking and adds a hotel (with a photo) and two room types
 * through the forms; a participant takes the only room of one type first, so the next one is told
 * the night is full; the guest meets the §5 date rules under their fields, books two nights of two
 * rooms after seeing nights × rooms × price, is told "an order exists" on a second try, pays by bank
 * transfer and the organiser confirms it; the occupancy grid shows booked / total on those nights
 * and the rooming list downloads as an xlsx with the guests in it. Then the booking page on a
 * 375 px phone. Each test adds its own hotel, so neither depends on the other.
 */

type Lang = {
  prefix: '' | '/en';
  locale: string;
  configSaved: string;
  configEndBeforeStart: string;
  stateOpen: string;
  hotelSaved: string;
  roomSaved: string;
  roomEndBeforeStart: string;
  hotel: { zh: string; en: string };
  king: { zh: string; en: string };
  single: { zh: string; en: string };
  shown: (name: { zh: string; en: string }) => string;
  windowOpen: (end: string) => string;
  rules: {
    checkInBeforeCheckOut: string;
    checkOutAfterCheckIn: string;
    checkInBeforeStart: string;
    checkOutAfterDeadline: string;
  };
  noFreeRoom: string;
  roomsFull: string;
  summary: string;
  summaryDisplay: string;
  booked: RegExp;
  bookedStatus: string;
  nightsRooms: string;
  mailSubject: string;
  limitReached: string;
  orderExists: string;
  guests: string;
  full: string;
  exportLabel: (hotel: string) => string;
};

const ZH: Lang = {
  prefix: '',
  locale: 'zh-CN',
  configSaved: '酒店设置已保存',
  configEndBeforeStart: '预订结束日期不能早于开始日期',
  stateOpen: '预订进行中',
  hotelSaved: '酒店已保存',
  roomSaved: '房型已保存',
  roomEndBeforeStart: '入住开始日期不能晚于入住结束日期',
  hotel: { zh: '海淀学术交流中心', en: 'Haidian Academic Exchange Centre' },
  king: { zh: '大床房', en: 'King room' },
  single: { zh: '单人间', en: 'Single room' },
  shown: (name) => name.zh,
  windowOpen: (end) => `酒店预订开放至 ${end}。`,
  rules: {
    checkInBeforeCheckOut: '入住日期须早于退房日期',
    checkOutAfterCheckIn: '退房日期须晚于入住日期',
    checkInBeforeStart: '入住日期不能早于该房型的开始入住日期',
    checkOutAfterDeadline: '退房日期不能晚于该房型的截止日期',
  },
  noFreeRoom: '全程可订 0 间',
  roomsFull: '所选日期中有房晚已订满，请选择其他日期或房型',
  summary: '2 晚 × 2 间 × ¥450.00 = ¥1,800.00',
  summaryDisplay: '约合 US$260.00',
  booked: /预订成功，订单号 (\d+)。/,
  bookedStatus: '已预订',
  nightsRooms: '2 晚 × 2 间',
  mailSubject: '酒店预订确认',
  limitReached: '您已有有效的酒店预订（每个账号最多 1 个）',
  orderExists: '您已有酒店订单，不能再预订',
  guests: '韩梅梅\n李华',
  full: '已满',
  exportLabel: (hotel) => `下载 ${hotel} 的入住名单（xlsx）`,
};

const EN: Lang = {
  prefix: '/en',
  locale: 'en-US',
  configSaved: 'Hotel settings saved',
  configEndBeforeStart: 'The booking end date cannot be before the start date',
  stateOpen: 'Booking open',
  hotelSaved: 'Hotel saved',
  roomSaved: 'Room type saved',
  roomEndBeforeStart: 'The check-in start date cannot be after the check-in end date',
  hotel: { zh: '颐和园宾馆', en: 'Summer Palace Guesthouse' },
  king: { zh: '豪华大床房', en: 'Deluxe king' },
  single: { zh: '经济单人间', en: 'Budget single' },
  shown: (name) => name.en,
  windowOpen: (end) => `Hotel booking is open until ${end}.`,
  rules: {
    checkInBeforeCheckOut: 'Check-in must be before check-out',
    checkOutAfterCheckIn: 'Check-out must be after check-in',
    checkInBeforeStart: 'Check-in cannot be before this room type’s first check-in date',
    checkOutAfterDeadline: 'Check-out cannot be after this room type’s deadline',
  },
  noFreeRoom: '0 free on every night',
  roomsFull: 'A night in the dates you chose is fully booked; choose other dates or another room type',
  summary: '2 night(s) × 2 room(s) × CN¥450.00 = CN¥1,800.00',
  summaryDisplay: 'About US$260.00',
  booked: /Booked\. Order number (\d+): please pay it before it expires\./,
  bookedStatus: 'Booked',
  nightsRooms: '2 × 2',
  mailSubject: 'Hotel booking',
  limitReached: 'An order exists: you already hold 1 active hotel booking(s).',
  orderExists: 'An order exists: you already have a hotel booking',
  guests: '',
  full: 'Full',
  exportLabel: (hotel) => `Download rooming list of ${hotel} (xlsx)`,
};

// A 1×1 PNG: the hotel photo and the transfer slip.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

/** YYYY-MM-DD in the conference's time zone (Asia/Shanghai), `days` from today. */
function day(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The booking window (open since the day before yesterday) and each room type's stay window. */
const BOOKING = { start: day(-2), end: day(60) };
const STAY = { start: day(40), deadline: day(45) };
const night = (n: number) => day(40 + n);

/** A short tag that makes the hotel names unique to one run of one test. */
const tag = () => Math.random().toString(36).slice(2, 6).toUpperCase();

async function onInn(browser: Browser, lang: Lang, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: hostUrl(E2E.innSlug, ''), locale: lang.locale, ...options });
  return waitForHydrationOnGoto(await context.newPage());
}

/** The message under an input (Mantine links it as `<input id>-error`). */
async function errorOf(scope: Page | Locator, testId: string): Promise<Locator> {
  const input = scope.getByTestId(testId);
  const id = await input.getAttribute('id');
  expect(id, `${testId} has an id`).toBeTruthy();
  const page = 'page' in scope ? scope.page() : scope;
  return page.locator(`[id="${id}-error"]`);
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks an option of one of the booking form's native selects by its label. */
async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).selectOption({ label: option });
}

/**
 * axe on the page as it stands, once the passing notifications are gone (their close buttons have
 * no name: an app-wide matter of the notifications, not of these screens).
 */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways on a 375 px phone`).toBeLessThanOrEqual(0);
}

/** The organiser opens booking (after the end-before-start rule is shown) for the fixed window. */
async function openBooking(page: Page, lang: Lang) {
  await page.goto(`${lang.prefix}/platform/config/hotel`);
  const form = page.getByTestId('hotel-config-form');
  await form.getByTestId('hotel-cfg-enabled').check();
  await form.getByTestId('hotel-cfg-bookingStart').fill(BOOKING.end);
  await form.getByTestId('hotel-cfg-bookingEnd').fill(BOOKING.start);
  await page.getByTestId('save-hotel-config').click();
  await expect(await errorOf(form, 'hotel-cfg-bookingEnd')).toHaveText(lang.configEndBeforeStart);
  await form.getByTestId('hotel-cfg-bookingStart').fill(BOOKING.start);
  await form.getByTestId('hotel-cfg-bookingEnd').fill(BOOKING.end);
  await page.getByTestId('save-hotel-config').click();
  await expect(page.getByText(lang.configSaved).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('hotel-booking-state')).toHaveText(lang.stateOpen);
  await expect(page.getByTestId('hotel-cfg-enabled')).toBeChecked();
  await expect(page.getByTestId('hotel-cfg-bookingEnd')).toHaveValue(BOOKING.end);
}

type Room = { name: { zh: string; en: string }; price: string; display: string; total: string; max: string };

/** Adds a hotel with a photo; returns its card. */
async function addHotel(page: Page, lang: Lang, name: { zh: string; en: string }, photo: boolean): Promise<Locator> {
  await page.getByTestId('add-hotel').click();
  const form = page.getByTestId('hotel-form');
  await form.getByTestId('hotel-name-zh').fill(name.zh);
  await form.getByTestId('hotel-name-en').fill(name.en);
  await form.getByTestId('hotel-stars').fill('4');
  await form.getByTestId('hotel-address-zh').fill('北京市海淀区颐和园路 5 号');
  await form.getByTestId('hotel-address-en').fill('5 Yiheyuan Road, Haidian, Beijing');
  if (photo) {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), form.getByTestId('upload-hotel-photo').click()]);
    await chooser.setFiles({ name: 'hotel.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByTestId('hotel-photo-preview')).toBeVisible();
  }
  await form.getByTestId('save-hotel').click();
  await expect(page.getByText(lang.hotelSaved).first()).toBeVisible();
  await expect(form).toHaveCount(0);
  const card = page.getByTestId('hotel-card').filter({ has: page.getByRole('heading', { name: lang.shown(name), exact: true }) });
  await expect(card).toHaveCount(1);
  return card;
}

/** Adds a room type to the hotel of `card` through its form; returns the room type's id. */
async function addRoomType(page: Page, lang: Lang, card: Locator, room: Room, showRule = false): Promise<number> {
  await card.getByTestId('add-room-type').click();
  const form = page.getByTestId('room-type-form');
  await form.getByTestId('room-name-zh').fill(room.name.zh);
  await form.getByTestId('room-name-en').fill(room.name.en);
  await form.getByTestId('room-priceMinor').fill(room.price);
  await form.getByTestId('room-displayPriceMinor').fill(room.display);
  await choose(page, 'room-displayCurrency', 'USD');
  await form.getByTestId('room-totalRooms').fill(room.total);
  await form.getByTestId('room-minPerPerson').fill('1');
  await form.getByTestId('room-maxPerPerson').fill(room.max);
  if (showRule) {
    // §5: the check-in start may not be after its end — said under the end date.
    await form.getByTestId('room-checkInStart').fill(STAY.deadline);
    await form.getByTestId('room-checkInEnd').fill(STAY.start);
    await form.getByTestId('save-room-type').click();
    await expect(await errorOf(form, 'room-checkInEnd')).toHaveText(lang.roomEndBeforeStart);
    await expectNoSerious(page, `${lang.prefix}/platform/config/hotel, the room type form with a message`, { withoutNotifications: true });
  }
  await form.getByTestId('room-checkInStart').fill(STAY.start);
  await form.getByTestId('room-checkInEnd').fill(STAY.deadline);
  await form.getByTestId('save-room-type').click();
  await expect(page.getByText(lang.roomSaved).first()).toBeVisible();
  await expect(form).toHaveCount(0);
  const row = card.locator('[data-room-type]').filter({ hasText: lang.shown(room.name) });
  await expect(row).toHaveCount(1);
  return Number(await row.getAttribute('data-room-type'));
}

type Stay = { hotel: string; roomType: string; checkIn: string; checkOut: string; rooms?: number };

/** Fills the booking form (nothing is sent). */
async function fillBooking(page: Page, stay: Stay) {
  const form = page.getByTestId('hotel-booking-form');
  await pick(page, 'hotel-booking-hotel', stay.hotel);
  await pick(page, 'hotel-booking-room-type', stay.roomType);
  await form.getByTestId('hotel-booking-check-in').fill(stay.checkIn);
  await form.getByTestId('hotel-booking-check-out').fill(stay.checkOut);
  await form.getByTestId('hotel-booking-rooms').fill(String(stay.rooms ?? 1));
}

/** Sends the filled form and confirms in the dialog. */
async function sendBooking(page: Page) {
  await page.getByTestId('hotel-booking-submit').click();
  await expect(page.getByTestId('hotel-booking-confirm')).toBeVisible();
  await page.getByTestId('confirm-ok').click();
}

/** A whole booking by the first participant to take a room type: returns the booking page. */
async function bookFirst(browser: Browser, lang: Lang, email: string, stay: Stay, booked: RegExp) {
  const page = await onInn(browser, lang);
  await login(page, email, E2E.password, lang.prefix);
  await page.goto(`${lang.prefix}/profile/hotel/order`);
  await fillBooking(page, stay);
  await sendBooking(page);
  await expect(page.getByText(booked).first()).toBeVisible();
  await expect(page.locator('[data-testid^="hotel-booking-row-"][data-status="active"]')).toHaveCount(1);
  await page.context().close();
}

async function wholeLoop(browser: Browser, lang: Lang) {
  const run = tag();
  const language = lang.prefix ? 'en' : 'zh';
  const hotelName = { zh: `${lang.hotel.zh} ${run}`, en: `${lang.hotel.en} ${run}` };
  const shownHotel = lang.shown(hotelName);
  const king: Room = { name: lang.king, price: '450', display: '65', total: '10', max: '3' };
  const single: Room = { name: lang.single, price: '300', display: '43', total: '1', max: '1' };
  const guest = E2E.innGuests[language];
  const first = E2E.innGuests[language === 'zh' ? 'firstZh' : 'firstEn'];

  // 1. The organiser opens booking and adds the hotel and its two room types.
  const o = await onInn(browser, lang);
  await login(o, E2E.innManager, E2E.password, lang.prefix);
  await openBooking(o, lang);
  const card = await addHotel(o, lang, hotelName, language === 'zh');
  const kingId = await addRoomType(o, lang, card, king, true);
  const singleId = await addRoomType(o, lang, card, single);
  const hotelId = Number(await card.getAttribute('data-hotel'));
  await expectNoSerious(o, `${lang.prefix}/platform/config/hotel with a hotel and its room types`, { withoutNotifications: true });

  // 2. Another participant takes the only single room for the first two nights.
  await bookFirst(
    browser,
    lang,
    first.email,
    { hotel: shownHotel, roomType: lang.shown(lang.single), checkIn: night(0), checkOut: night(2) },
    lang.booked,
  );

  // 3. The guest sees the window and the hotel; the single room has no room left for the whole stay.
  const g = await onInn(browser, lang);
  await login(g, guest.email, E2E.password, lang.prefix);
  await g.goto(`${lang.prefix}/profile/hotel/order`);
  await expect(g.getByTestId('hotel-window')).toContainText(lang.windowOpen(BOOKING.end));
  await expect(g.getByTestId(`hotel-card-${hotelId}`)).toContainText(shownHotel);
  await expect(g.getByTestId(`room-type-free-${singleId}`)).toHaveText(lang.noFreeRoom);
  // The same page in a second tab, left open: it still offers the form after the booking is made.
  const stale = waitForHydrationOnGoto(await g.context().newPage());
  await stale.goto(`${lang.prefix}/profile/hotel/order`);

  // The full night: the single room from the second night on is refused with the full-room message.
  await fillBooking(g, { hotel: shownHotel, roomType: lang.shown(lang.single), checkIn: night(1), checkOut: night(3) });
  await sendBooking(g);
  await expect(g.getByText(lang.roomsFull).first()).toBeVisible();
  await expect(g.getByTestId('hotel-bookings-empty')).toBeVisible();

  // 4. The §5 date rules, each under its own field, on the king room.
  const form = g.getByTestId('hotel-booking-form');
  const checkInError = await errorOf(form, 'hotel-booking-check-in');
  const checkOutError = await errorOf(form, 'hotel-booking-check-out');
  await pick(g, 'hotel-booking-room-type', lang.shown(lang.king));
  await form.getByTestId('hotel-booking-check-in').fill(night(3));
  await form.getByTestId('hotel-booking-check-out').fill(night(1));
  await g.getByTestId('hotel-booking-submit').click();
  await expect(checkInError).toHaveText(lang.rules.checkInBeforeCheckOut);
  await expect(checkOutError).toHaveText(lang.rules.checkOutAfterCheckIn);
  await expect(g.getByTestId('hotel-booking-confirm')).toHaveCount(0);

  await form.getByTestId('hotel-booking-check-in').fill(night(-1));
  await form.getByTestId('hotel-booking-check-out').fill(night(1));
  await g.getByTestId('hotel-booking-submit').click();
  await expect(checkInError).toHaveText(lang.rules.checkInBeforeStart);
  await expect(checkOutError).toHaveCount(0);

  await form.getByTestId('hotel-booking-check-in').fill(night(3));
  await form.getByTestId('hotel-booking-check-out').fill(day(46));
  await g.getByTestId('hotel-booking-submit').click();
  await expect(checkOutError).toHaveText(lang.rules.checkOutAfterDeadline);
  await expect(checkInError).toHaveCount(0);

  // 5. Two nights of two rooms: nights × rooms × price before confirming, then the booking.
  await form.getByTestId('hotel-booking-check-in').fill(night(1));
  await form.getByTestId('hotel-booking-check-out').fill(night(3));
  await form.getByTestId('hotel-booking-rooms').fill('2');
  await form.getByTestId('hotel-booking-requirements').fill(language === 'zh' ? '无烟房，高楼层' : 'Non-smoking, quiet floor');
  if (lang.guests) await form.getByTestId('hotel-booking-guests').fill(lang.guests);
  const summary = g.getByTestId('hotel-booking-summary');
  await expect(summary).toContainText(lang.summary);
  await expect(summary).toContainText(lang.summaryDisplay);
  await expect(checkInError).toHaveCount(0);
  await expect(checkOutError).toHaveCount(0);
  await g.getByTestId('hotel-booking-submit').click();
  const confirm = g.getByTestId('hotel-booking-confirm');
  await expect(confirm).toContainText(shownHotel);
  await expect(confirm).toContainText(night(1));
  await expect(confirm).toContainText(night(3));
  await expect(confirm).toContainText(lang.summary);
  await expectNoSerious(g, `${lang.prefix}/profile/hotel/order asking to confirm`, { withoutNotifications: true });
  const since = Date.now();
  await g.getByTestId('confirm-ok').click();
  await expect(g.getByText(lang.booked).first()).toBeVisible();
  const row = g.locator('[data-testid^="hotel-booking-row-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row).toContainText(lang.bookedStatus);
  await expect(row).toContainText(lang.nightsRooms);
  // The order number in its column (the notification said the same, but it passes within seconds).
  const orderNo = (await row.locator('td').nth(5).textContent())!.trim();
  expect(orderNo).toMatch(/^\d{9,}$/);
  await expect(row).toContainText(`${night(1)} – ${night(3)}`);
  const mail = await waitForMail(guest.email, since);
  expect(mail.subject).toContain(lang.mailSubject);
  expect(mail.text).toContain(orderNo);

  // 6. A second booking: the page says an order exists; the tab left open is refused by the server.
  await expect(g.getByTestId('hotel-limit-reached')).toContainText(lang.limitReached);
  await expect(g.getByTestId('hotel-booking-form')).toHaveCount(0);
  await fillBooking(stale, { hotel: shownHotel, roomType: lang.shown(lang.king), checkIn: night(0), checkOut: night(1) });
  await sendBooking(stale);
  await expect(stale.getByText(lang.orderExists).first()).toBeVisible();
  await stale.close();
  await g.reload();
  await expect(g.locator('[data-testid^="hotel-booking-row-"]')).toHaveCount(1);

  // 7. Paid by bank transfer with a slip; the organiser confirms it.
  await row.getByTestId('pay-order').click();
  await waitForApp(g);
  await expect(g).toHaveURL(/\/profile\/order\/pay\/goto\/\d+$/);
  await g.getByTestId('pay-method-bankRemit').check();
  await g.getByTestId('pay-submit').click();
  await waitForApp(g);
  await expect(g.getByTestId('transfer-details')).toContainText(language === 'zh' ? '中国银行北京分行' : 'Bank of China Beijing Branch');
  const billNo = (await g.getByTestId('bill-no').textContent())!.trim();
  await g.locator('input[type="file"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
  await g.getByTestId('slip-send').click();
  await expect(g.getByTestId('bill-status')).toHaveAttribute('data-status', 'toBeConfirmed');
  // The slip is in: the form gives way to what happens next; another slip is a deliberate step.
  await expect(g.getByTestId('slip-received')).toBeVisible();
  await expect(g.getByTestId('slip-form')).toHaveCount(0);

  await o.goto(`${lang.prefix}/platform/manage/order`);
  const awaiting = o.locator(`[data-testid="awaiting-row"][data-bill="${billNo}"]`);
  await expect(awaiting).toContainText('slip.png');
  // "Confirm received" asks in the app's dialog: cancel leaves the transfer waiting, OK confirms it.
  await awaiting.getByTestId('confirm-transfer').click();
  await answerConfirm(o, 'cancel');
  await o.reload();
  await expect(awaiting).toContainText('slip.png');
  await awaiting.getByTestId('confirm-transfer').click();
  await answerConfirm(o);
  await expect(awaiting).toHaveCount(0);

  await g.reload();
  await expect(g.getByTestId('bill-status')).toHaveAttribute('data-status', 'paid');
  await g.goto(`${lang.prefix}/profile/hotel/order`);
  const paid = g.locator('[data-testid^="hotel-booking-row-"]');
  await expect(paid.getByTestId('order-receipt')).toBeVisible();
  await expect(paid.getByTestId('pay-order')).toHaveCount(0);
  await expect(paid.locator('[data-testid^="hotel-booking-change-"]')).toHaveCount(0);
  await expect(paid.locator('[data-testid^="hotel-booking-cancel-"]')).toHaveCount(0);

  // 8. The occupancy grid: booked / total on each night of this hotel.
  await o.goto(`${lang.prefix}/platform/manage/hotel?view=occupancy&hotel=${hotelId}`);
  const grid = o.locator(`[data-testid="occupancy-hotel"][data-hotel="${hotelId}"]`);
  await expect(grid).toBeVisible();
  const cell = (roomTypeId: number, n: number) =>
    grid.locator(`[data-testid="occupancy-row"][data-room-type="${roomTypeId}"] [data-testid="occupancy-cell"][data-night="${night(n)}"]`);
  for (const [n, booked] of [
    [0, 0],
    [1, 2],
    [2, 2],
    [3, 0],
  ] as const) {
    await expect(cell(kingId, n)).toHaveAttribute('data-booked', String(booked));
    await expect(cell(kingId, n)).toHaveText(`${booked} / 10`);
  }
  for (const n of [0, 1]) {
    await expect(cell(singleId, n)).toHaveAttribute('data-full', '1');
    await expect(cell(singleId, n)).toHaveText(`1 / 1${lang.full}`);
  }
  await expect(cell(singleId, 2)).toHaveText('0 / 1');
  await expectNoSerious(o, `${lang.prefix}/platform/manage/hotel?view=occupancy with bookings`, { withoutNotifications: true });

  // 9. The bookings of this hotel through the filters (then the paid ones only), and its rooming
  // list as an xlsx with the guests in it.
  await o.goto(`${lang.prefix}/platform/manage/hotel`);
  await o.getByTestId('hotel-filter-hotel').selectOption(String(hotelId));
  await o.getByTestId('hotel-apply').click();
  await expect(o).toHaveURL(new RegExp(`/platform/manage/hotel\\?.*hotel=${hotelId}(&|$)`));
  await waitForApp(o);
  const rows = o.getByTestId('hotel-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: orderNo })).toContainText(guest.email);
  await expect(rows.filter({ hasText: first.email })).toHaveAttribute('data-status', 'active');
  await expectNoSerious(o, `${lang.prefix}/platform/manage/hotel with bookings`, { withoutNotifications: true });
  await o.getByTestId('hotel-filter-pay').selectOption('paid');
  await o.getByTestId('hotel-apply').click();
  await expect(o).toHaveURL(/[?&]pay=paid(&|$)/);
  await waitForApp(o);
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-order', orderNo);
  const exportButton = o.getByTestId('hotel-export');
  await expect(exportButton).toHaveText(lang.exportLabel(shownHotel));
  const [download] = await Promise.all([o.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 2).toString()).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0];
  expect(sheet.name).toBe(shownHotel.slice(0, 31));
  const lines: string[] = [];
  sheet.eachRow((r) =>
    lines.push((r.values as unknown[]).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? ''))).join('|')),
  );
  const guestLine = lines.find((l) => l.includes(orderNo));
  expect(guestLine, `the guest's line in ${lines.join('\n')}`).toBeDefined();
  const names = lang.guests ? lang.guests.split('\n') : [guest.name];
  for (const name of names) expect(guestLine).toContain(name);
  expect(guestLine).toContain(night(1));
  expect(guestLine).toContain(night(3));
  expect(lines.some((l) => l.includes(first.name) && l.includes(night(0)))).toBe(true);

  await o.context().close();
  await g.context().close();
}

test.describe('hotel booking', () => {
  // Three browsers per language, a payment and a download: a long journey on a busy machine.
  test.setTimeout(300_000);

  test('zh: hotel and room types added, full night and date rules shown, two nights booked, paid by transfer, grid and rooming list', async ({
    browser,
  }) => {
    await wholeLoop(browser, ZH);
  });

  test('en: hotel and room types added, full night and date rules shown, two nights booked, paid by transfer, grid and rooming list', async ({
    browser,
  }) => {
    await wholeLoop(browser, EN);
  });

  test('the booking page on a 375 px phone: no sideways scroll; a room booked, changed and cancelled, its nights given back', async ({
    browser,
  }) => {
    const run = tag();
    const hotelName = { zh: `手机酒店 ${run}`, en: `Phone Hotel ${run}` };
    const o = await onInn(browser, ZH);
    await login(o, E2E.innManager, E2E.password);
    await openBooking(o, ZH);
    const card = await addHotel(o, ZH, hotelName, true);
    const roomTypeId = await addRoomType(o, ZH, card, {
      name: { zh: '标准间', en: 'Standard room' },
      price: '450',
      display: '65',
      total: '5',
      max: '2',
    });
    await o.context().close();

    const p = await onInn(browser, ZH, PHONE);
    await login(p, E2E.innGuests.phone.email, E2E.password);
    await p.goto('/profile/hotel/order');
    await expect(p.getByTestId('hotel-booking-form')).toBeVisible();
    const free = p.getByTestId(`room-type-free-${roomTypeId}`);
    await expect(free).toHaveText('全程可订 5 间');
    await expectNoSidewaysScroll(p, 'the booking page');
    // The rules' messages fit the phone too.
    await fillBooking(p, { hotel: hotelName.zh, roomType: '标准间', checkIn: night(3), checkOut: night(1) });
    await p.getByTestId('hotel-booking-submit').click();
    await expect(await errorOf(p.getByTestId('hotel-booking-form'), 'hotel-booking-check-out')).toHaveText(ZH.rules.checkOutAfterCheckIn);
    await expectNoSidewaysScroll(p, 'the booking page with its messages');
    await expectNoSerious(p, '/profile/hotel/order with messages, on a phone', { withoutNotifications: true });

    await p.getByTestId('hotel-booking-check-in').fill(night(1));
    await p.getByTestId('hotel-booking-check-out').fill(night(3));
    await p.getByTestId('hotel-booking-rooms').fill('2');
    await expect(p.getByTestId('hotel-booking-summary')).toContainText(ZH.summary);
    await sendBooking(p);
    await expect(p.getByText(ZH.booked).first()).toBeVisible();
    const row = p.locator('[data-testid^="hotel-booking-row-"]');
    await expect(row).toHaveAttribute('data-status', 'active');
    await expect(p.getByTestId('hotel-limit-reached')).toBeVisible();
    // The page as it is next time (without the passing notification).
    await p.reload();
    // The booking's actions are reachable: its table scrolls inside its own box, the page does not.
    await row.getByTestId('pay-order').scrollIntoViewIfNeeded();
    await expect(row.getByTestId('pay-order')).toBeInViewport();
    await expectNoSidewaysScroll(p, 'the booking page with a booking');
    await expectNoSerious(p, '/profile/hotel/order with a booking, on a phone', { withoutNotifications: true });
    await expect(free).toHaveText('全程可订 3 间');

    // Changed before payment: one more night, one room fewer; the old order gives way to a new one.
    const first = await row.getAttribute('data-testid');
    const firstId = Number(first!.replace('hotel-booking-row-', ''));
    await p.getByTestId(`hotel-booking-change-${firstId}`).click();
    await waitForApp(p);
    await expect(p).toHaveURL(new RegExp(`/profile/hotel/order\\?change=${firstId}#booking-form$`));
    await expect(p.getByTestId('hotel-change-hint')).toBeVisible();
    await expect(p.getByTestId('hotel-booking-check-in')).toHaveValue(night(1));
    await p.getByTestId('hotel-booking-check-out').fill(night(4));
    await p.getByTestId('hotel-booking-rooms').fill('1');
    await expect(p.getByTestId('hotel-booking-summary')).toContainText('3 晚 × 1 间 × ¥450.00 = ¥1,350.00');
    await expectNoSidewaysScroll(p, 'the change of a booking');
    await sendBooking(p);
    await expect(p.getByText(/预订已修改，新订单号 \d+。/).first()).toBeVisible();
    await expect(p).toHaveURL(/\/profile\/hotel\/order$/);
    const rows = p.locator('[data-testid^="hotel-booking-row-"]');
    await expect(rows).toHaveCount(2);
    await expect(p.getByTestId(first!)).toHaveAttribute('data-status', 'changed');
    const active = rows.and(p.locator('[data-status="active"]'));
    await expect(active).toContainText('3 晚 × 1 间');
    await expect(free).toHaveText('全程可订 4 间');

    // Cancelled: the nights come back and the form is offered again.
    const activeId = Number((await active.getAttribute('data-testid'))!.replace('hotel-booking-row-', ''));
    await p.getByTestId(`hotel-booking-cancel-${activeId}`).click();
    await expectNoSerious(p, '/profile/hotel/order asking to cancel, on a phone', { withoutNotifications: true });
    await p.getByTestId('confirm-ok').click();
    await expect(p.getByText('预订已取消').first()).toBeVisible();
    await expect(p.getByTestId(`hotel-booking-row-${activeId}`)).toHaveAttribute('data-status', 'cancelled');
    await expect(free).toHaveText('全程可订 5 间');
    await expect(p.getByTestId('hotel-booking-form')).toBeVisible();
    await expect(p.getByTestId('hotel-limit-reached')).toHaveCount(0);
    await p.context().close();
  });
});
