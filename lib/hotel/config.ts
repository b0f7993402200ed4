import { and, asc, eq } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { hotelConfig, hotelRoomType } from '@/db/schema';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { todayIn } from '@/lib/conferences/website-config';
import type { Currency } from '@/lib/fees/money';
import { invalidateUnpaidHotelBookings } from './invalidate-bookings';
import {
  DEFAULT_HOTEL_CONFIG,
  hotelBookingState,
  ZHotelConfig,
  type HotelBookingState,
  type HotelConfigInput,
  type HotelConfigValues,
} from './schemas';

export { hotelBookingState, type HotelBookingState, type HotelConfigValues };

type Row = typeof hotelConfig.$inferSelect;

function fromRow(row: Row | undefined): HotelConfigValues {
  if (!row) return { ...DEFAULT_HOTEL_CONFIG };
  return {
    enabled: row.enabled,
    bookingStart: row.bookingStart ?? '',
    bookingEnd: row.bookingEnd ?? '',
    currency: row.currency as Currency,
    displayCurrency: row.displayCurrency as Currency,
    description: row.description,
    conditions: row.conditions,
    requireAcceptedAbstract: row.requireAcceptedAbstract,
    maxBookingsPerUser: row.maxBookingsPerUser,
  };
}

/** The hotel settings of a conference, the defaults when the organisers saved none. */
export async function findHotelConfig(db: Executor, conferenceId: number): Promise<HotelConfigValues> {
  const [row] = await db.select().from(hotelConfig).where(eq(hotelConfig.conferenceId, conferenceId)).limit(1);
  return fromRow(row);
}

/**
 * The settings row locked in the caller's transaction (created with the defaults first when there
 * is none, so there is always a row to lock): FOR UPDATE by a save, FOR SHARE by writers that only
 * need the settlement currency to stay put until they commit (a room type being saved).
 */
export async function lockHotelConfig(tx: Executor, conferenceId: number, mode: 'update' | 'share'): Promise<HotelConfigValues> {
  await tx.insert(hotelConfig).values({ conferenceId }).onConflictDoNothing({ target: hotelConfig.conferenceId });
  const [row] = await tx.select().from(hotelConfig).where(eq(hotelConfig.conferenceId, conferenceId)).for(mode);
  return fromRow(row);
}

/** Where hotel booking stands now, today being counted in the conference's time zone. */
export function hotelBookingStateNow(
  config: Pick<HotelConfigValues, 'enabled' | 'bookingStart' | 'bookingEnd'>,
  timeZone: string,
  now = new Date(),
): HotelBookingState {
  return hotelBookingState(config, todayIn(timeZone, now));
}

export type SavedHotelConfig = {
  config: HotelConfigValues;
  /** The settlement currency changed with this save. */
  currencyChanged: boolean;
  /** Room types whose price became stale (to be saved again in the new currency). */
  staleRoomTypes: number;
  /** Unpaid hotel orders (and their bookings) made invalid by the currency change. */
  invalidatedOrders: number;
};

/**
 * Saves the hotel settings (description and conditions cleaned the way organiser HTML is; the
 * mail template is left as it is). A different settlement currency, in the same transaction under
 * the settings' row lock: the unpaid hotel bookings become invalid with their orders (nights given
 * back, participants told by mail — invalidateUnpaidHotelBookings), and every non-archived room
 * type is marked priceStale, so it cannot be booked until its price is saved in the new currency.
 * Lock order: settings row, then the orders and the room types of their bookings (inside
 * invalidateUnpaidHotelBookings, the order expiry takes them in), then the remaining room types in
 * id order. Bookings hold the settings row FOR SHARE from before they take a room, so none is in
 * flight while this runs and the one sweep finds every unpaid order. Paid bookings, and transfers
 * awaiting confirmation, are left alone.
 */
export async function saveHotelConfig(db: DB, conferenceId: number, raw: HotelConfigInput, actorUserId: string): Promise<SavedHotelConfig> {
  const input = ZHotelConfig.parse(raw);
  const values = {
    enabled: input.enabled,
    bookingStart: input.bookingStart || null,
    bookingEnd: input.bookingEnd || null,
    currency: input.currency,
    displayCurrency: input.displayCurrency,
    description: { zh: sanitizeOrganiserHtml(input.description.zh), en: sanitizeOrganiserHtml(input.description.en) },
    conditions: { zh: sanitizeOrganiserHtml(input.conditions.zh), en: sanitizeOrganiserHtml(input.conditions.en) },
    requireAcceptedAbstract: input.requireAcceptedAbstract,
    maxBookingsPerUser: input.maxBookingsPerUser,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const current = await lockHotelConfig(tx, conferenceId, 'update');
    const currencyChanged = current.currency !== input.currency;
    let invalidatedOrders = 0;
    let staleRoomTypes = 0;
    if (currencyChanged) {
      invalidatedOrders += await invalidated(tx, conferenceId, actorUserId);
      // Room types locked in id order (the order every writer of several room types takes them in).
      const rooms = await tx
        .select({ id: hotelRoomType.id })
        .from(hotelRoomType)
        .where(and(eq(hotelRoomType.conferenceId, conferenceId), eq(hotelRoomType.archived, false)))
        .orderBy(asc(hotelRoomType.id))
        .for('update');
      if (rooms.length) {
        const marked = await tx
          .update(hotelRoomType)
          .set({ priceStale: true, updatedAt: new Date() })
          .where(and(eq(hotelRoomType.conferenceId, conferenceId), eq(hotelRoomType.archived, false)))
          .returning({ id: hotelRoomType.id });
        staleRoomTypes = marked.length;
      }
    }
    const [row] = await tx.update(hotelConfig).set(values).where(eq(hotelConfig.conferenceId, conferenceId)).returning();
    return { config: fromRow(row), currencyChanged, staleRoomTypes, invalidatedOrders };
  });
}

/** Unpaid hotel orders made invalid (with their bookings) in the caller's transaction. */
async function invalidated(tx: Executor, conferenceId: number, actorUserId: string): Promise<number> {
  return (await invalidateUnpaidHotelBookings(tx, { conferenceId, actorUserId })).length;
}
