import { eq } from 'drizzle-orm';
import { todayIn } from '@/lib/conferences/website-config';
import type { DB } from './client';
import { conference, hotel, hotelConfig, hotelRoomType } from './schema';
import { shiftDays } from './seed-submissions';

/**
 * The demo's hotel booking, once (also added to a demo seeded before hotels existed): booking open
 * from a month ago until the conference begins, settled in CNY and shown in USD, one four-star
 * hotel near the venue with a king room and a twin room bookable from the night before the
 * conference to the morning after it. No bookings: the rooms are all free.
 */
export async function seedDemoHotel(db: DB, conferenceId: number, now = new Date()): Promise<void> {
  const [any] = await db
    .select({ id: hotelConfig.conferenceId })
    .from(hotelConfig)
    .where(eq(hotelConfig.conferenceId, conferenceId))
    .limit(1);
  if (any) return;
  const today = todayIn('Asia/Shanghai', now);
  const [conf] = await db
    .select({ startDate: conference.startDate, endDate: conference.endDate })
    .from(conference)
    .where(eq(conference.id, conferenceId));
  // The conference's own dates, else the ones the demo is created with (in 120 days, for three days).
  const start = conf?.startDate && conf.startDate > today ? conf.startDate : shiftDays(today, 120);
  const end = conf?.endDate && conf.endDate >= start ? conf.endDate : shiftDays(start, 2);
  await db.transaction(async (tx) => {
    await tx.insert(hotelConfig).values({
      conferenceId,
      enabled: true,
      bookingStart: shiftDays(today, -30),
      bookingEnd: shiftDays(start, -1),
      currency: 'CNY',
      displayCurrency: 'USD',
      description: {
        zh: '<p>会务组为参会者协议预订了会场附近的酒店，步行约 5 分钟即可到达会场。房价含双早，请在会议开始前完成预订和支付。</p>',
        en: '<p>The organisers reserved rooms for participants at a hotel a five-minute walk from the venue. Prices include breakfast for two; please book and pay before the conference begins.</p>',
      },
      conditions: {
        zh: '<p>预订支付前可修改或取消；支付后如需变更请联系会务组。未按时支付的预订将自动失效，房间将被释放。</p>',
        en: '<p>A booking can be changed or cancelled until it is paid; after payment, contact the organisers for any change. Bookings not paid in time lapse and their rooms are released.</p>',
      },
      requireAcceptedAbstract: false,
      maxBookingsPerUser: 1,
    });
    const [row] = await tx
      .insert(hotel)
      .values({
        conferenceId,
        name: { zh: '中关村国际会议酒店', en: 'Zhongguancun International Conference Hotel' },
        stars: 4,
        link: 'https://example.org/zgc-conference-hotel',
        address: { zh: '北京市海淀区中关村南大街 8 号', en: '8 Zhongguancun South Street, Haidian, Beijing' },
        sortOrder: 10,
      })
      .returning({ id: hotel.id });
    const room = {
      conferenceId,
      hotelId: row.id,
      currency: 'CNY',
      displayCurrency: 'USD',
      minPerPerson: 1,
      maxPerPerson: 2,
      checkInStart: shiftDays(start, -1),
      checkInEnd: shiftDays(end, 1),
    };
    await tx.insert(hotelRoomType).values([
      { ...room, name: { zh: '大床房', en: 'King room' }, priceMinor: 58000, displayPriceMinor: 8000, totalRooms: 30, sortOrder: 10 },
      { ...room, name: { zh: '双床房', en: 'Twin room' }, priceMinor: 62000, displayPriceMinor: 8600, totalRooms: 20, sortOrder: 20 },
    ]);
  });
}
