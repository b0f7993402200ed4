import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { user } from './auth';
import { conference } from './conferences';
import { conferenceOrder } from './fees';
import { emptyText } from './columns';

/** The organiser's own wording of the hotel booking mail (spec §3 email templates); null: the default. */
export type HotelMailTemplate = { subject: LocalizedText; body: LocalizedText };

/**
 * Hotel booking settings of a conference (spec §3 "hotel config"). Booking is possible when `enabled`
 * and today is within [bookingStart, bookingEnd]. `currency` is the settlement currency every room
 * price is charged in; changing it makes the room prices stale and the unpaid hotel orders invalid.
 */
export const hotelConfig = pgTable(
  'hotel_config',
  {
    conferenceId: integer('conference_id')
      .primaryKey()
      .references(() => conference.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    bookingStart: date('booking_start'),
    bookingEnd: date('booking_end'),
    currency: text('currency').notNull().default('CNY'),
    displayCurrency: text('display_currency').notNull().default('CNY'),
    /** Rich text (sanitised HTML) in zh and en. */
    description: jsonb('description').$type<LocalizedText>().notNull().default(emptyText),
    conditions: jsonb('conditions').$type<LocalizedText>().notNull().default(emptyText),
    /** Booking needs an accepted abstract (spec §8 "abstract not accepted, so booking impossible"). */
    requireAcceptedAbstract: boolean('require_accepted_abstract').notNull().default(false),
    /** Active bookings one account may hold (1 = one booking; "an order exists" beyond it). */
    maxBookingsPerUser: integer('max_bookings_per_user').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('hotel_config_dates_ck', sql`${t.bookingStart} is null or ${t.bookingEnd} is null or ${t.bookingStart} <= ${t.bookingEnd}`),
    check('hotel_config_max_ck', sql`${t.maxBookingsPerUser} >= 1`),
  ],
);

/** A hotel offered to the participants. Never deleted once booked: a removed hotel is archived. */
export const hotel = pgTable(
  'hotel',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** 0 (unrated) to 5. */
    stars: integer('stars').notNull().default(0),
    link: text('link').notNull().default(''),
    address: jsonb('address').$type<LocalizedText>().notNull().default(emptyText),
    /** Stored name of the photo (public uploads), '' for none. */
    photo: text('photo').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hotel_conf_idx').on(t.conferenceId), check('hotel_stars_ck', sql`${t.stars} between 0 and 5`)],
);

/**
 * A room type of a hotel (spec §3/§5). `priceMinor` is charged per room and night in `currency`
 * (the config's settlement currency when it was saved); `priceStale` is set when the settlement
 * currency changes, and the room type cannot be booked until the organiser saves a new price.
 * `totalRooms` is what can be booked on each night; the nights taken are in hotel_room_night.
 * `minPerPerson`/`maxPerPerson` bound the room count of one booking. A guest checks in on or after
 * `checkInStart` and checks out on or before `checkInEnd` (the deadline).
 */
export const hotelRoomType = pgTable(
  'hotel_room_type',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotel.id, { onDelete: 'restrict' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    priceStale: boolean('price_stale').notNull().default(false),
    displayPriceMinor: integer('display_price_minor').notNull(),
    displayCurrency: text('display_currency').notNull(),
    totalRooms: integer('total_rooms').notNull(),
    minPerPerson: integer('min_per_person').notNull().default(1),
    maxPerPerson: integer('max_per_person').notNull().default(1),
    checkInStart: date('check_in_start').notNull(),
    checkInEnd: date('check_in_end').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hotel_room_type_hotel_idx').on(t.conferenceId, t.hotelId),
    check('hotel_room_type_price_ck', sql`${t.priceMinor} > 0 and ${t.displayPriceMinor} > 0`),
    check(
      'hotel_room_type_rooms_ck',
      sql`${t.minPerPerson} >= 1 and ${t.maxPerPerson} >= ${t.minPerPerson} and ${t.totalRooms} >= ${t.maxPerPerson}`,
    ),
    check('hotel_room_type_dates_ck', sql`${t.checkInStart} <= ${t.checkInEnd}`),
  ],
);

/**
 * Rooms of a room type taken on one night (the night that begins on `night`). Moves only inside a
 * transaction that holds the room type's row lock, which is where `booked <= total_rooms` is decided.
 */
export const hotelRoomNight = pgTable(
  'hotel_room_night',
  {
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => hotelRoomType.id, { onDelete: 'restrict' }),
    night: date('night').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomTypeId, t.night] }), check('hotel_room_night_booked_ck', sql`${t.booked} >= 0`)],
);

/**
 * A participant's hotel booking (spec §3): check-in and check-out, nights, rooms and special
 * requirements, paid through its order (type 'hotel'). While `status` is 'active' its rooms are held
 * on each night in [checkIn, checkOut); it becomes 'cancelled' (by its owner before payment),
 * 'changed' (replaced by a new booking), 'expired' (its order expired) or 'invalid' (the settlement
 * currency changed before it was paid), and gives the nights back in the same transaction.
 */
export const hotelBooking = pgTable(
  'hotel_booking',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotel.id, { onDelete: 'restrict' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => hotelRoomType.id, { onDelete: 'restrict' }),
    checkIn: date('check_in').notNull(),
    checkOut: date('check_out').notNull(),
    nights: integer('nights').notNull(),
    rooms: integer('rooms').notNull(),
    requirements: text('requirements').notNull().default(''),
    /** Guest names for the rooming list, one line per guest ('' = the booker). */
    guests: text('guests').notNull().default(''),
    status: text('status').notNull().default('active'),
    orderId: integer('order_id').references(() => conferenceOrder.id, { onDelete: 'restrict' }),
    /** The language the booker used, for mail about this booking. */
    locale: text('locale').notNull().default('zh'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hotel_booking_user_idx').on(t.conferenceId, t.userId),
    index('hotel_booking_room_idx').on(t.conferenceId, t.roomTypeId, t.status),
    uniqueIndex('hotel_booking_order_uq').on(t.orderId),
    check('hotel_booking_dates_ck', sql`${t.checkIn} < ${t.checkOut} and ${t.nights} = (${t.checkOut} - ${t.checkIn})`),
    check('hotel_booking_rooms_ck', sql`${t.rooms} >= 1`),
  ],
);
