import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Personal information shown in /profile/userInfo; one row per account, shared by all conferences. */
export const userProfile = pgTable('user_profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull().default(''),
  middleName: text('middle_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  unit: text('unit').notNull().default(''),
  countryArea: text('country_area').notNull().default(''),
  post: text('post').notNull().default(''),
  address: text('address').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Emailed 6-digit codes for sign-up ('registerCode') and password reset ('resetPassCode'). Stored hashed. */
export const emailCode = pgTable(
  'email_code',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_code_email_purpose_idx').on(t.email, t.purpose, t.createdAt)],
);

/** Platform administrators: approve publication requests, may see every conference. */
export const platformAdmin = pgTable('platform_admin', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits (login, code sending), shared by every app process. */
export const rateLimit = pgTable(
  'rate_limit',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
