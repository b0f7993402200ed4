import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase } from '@/testing/harness/database';
import { plantBookers, plantHotel, validBooking } from '@/testing/fixtures/hotel-booking';
import { saveHotelConfig } from './config';
import { removeHotel } from './hotels';
import { placeBooking } from './place-booking';

/**
 * Lock order between the hotel writers, on PostgreSQL (PGlite runs one transaction at a time, so
 * it cannot deadlock). Each case stops one writer at the moment its locks are half taken, starts
 * the other, and lets both finish: neither may die of a deadlock (40P01, answered as a 500). Both
 * cases deadlocked before room types were taken before the hotel row (removal) and every room
 * type of the conference in id order before any booking was released (currency change).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string; cause?: { code?: string }; message?: string }) => `${e?.code ?? e?.cause?.code ?? ''} ${e?.message ?? e}`,
  );

describe.runIf(process.env.TEST_DATABASE_URL)('hotel lock order on postgres', () => {
  let database: Database;

  /** Waits until `n` sessions of this test database are waiting on a lock. */
  async function untilWaiting(n: number) {
    for (let i = 0; i < 200; i++) {
      const r = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if ((r as unknown as { rows: { n: number }[] }).rows[0].n >= n) return;
      await sleep(25);
    }
    throw new Error(`never ${n} waiting`);
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a currency change and a hotel removal, with a booking on the higher room type, both finish', async () => {
    const fx = await plantHotel(database, 'lock-currency');
    const [booker] = await plantBookers(database, fx.conferenceId, 1, 'lock-currency');
    expect(fx.otherRoomTypeId).toBeGreaterThan(fx.roomTypeId);
    await placeBooking(database.db, {
      conferenceId: fx.conferenceId,
      userId: booker.id,
      locale: 'en',
      values: validBooking(fx, { roomTypeId: fx.otherRoomTypeId }),
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // Someone holds the higher room type for a moment (any booking or cancellation of it does).
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from hotel_room_type where id = ${fx.otherRoomTypeId} for update`);
      await gate;
    });
    await sleep(100);
    const change = outcome(
      saveHotelConfig(
        database.db,
        fx.conferenceId,
        { enabled: true, bookingStart: '2000-01-01', bookingEnd: '2999-12-31', currency: 'USD', displayCurrency: 'USD' },
        booker.id,
      ),
    );
    await untilWaiting(1);
    const removal = outcome(removeHotel(database.db, fx.conferenceId, fx.hotelId));
    await untilWaiting(2);
    release();
    await holder;
    expect(await Promise.all([change, removal])).toEqual(['ok', 'ok']);
  });

  it('a booking paused after taking its nights and the removal of its hotel both finish', async () => {
    const fx = await plantHotel(database, 'lock-remove');
    const [booker] = await plantBookers(database, fx.conferenceId, 1, 'lock-remove');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // Pauses the booking after it locked the room type and took the nights: its order insert
    // needs a key-share lock on the booker's registration row, held here.
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from conference_registration where user_id = ${booker.id} for update`);
      await gate;
    });
    await sleep(100);
    const booking = outcome(
      placeBooking(database.db, { conferenceId: fx.conferenceId, userId: booker.id, locale: 'en', values: validBooking(fx) }),
    );
    await untilWaiting(1);
    const removal = outcome(removeHotel(database.db, fx.conferenceId, fx.hotelId));
    await untilWaiting(2);
    release();
    await holder;
    const [booked, removed] = await Promise.all([booking, removal]);
    expect([booked, removed]).toEqual(['ok', 'ok']);
    // The removal waited for the booking, saw it, and archived instead of deleting.
    const rows = await database.db.execute(sql`select archived from hotel where id = ${fx.hotelId}`);
    expect((rows as unknown as { rows: { archived: boolean }[] }).rows[0].archived).toBe(true);
  });
});
