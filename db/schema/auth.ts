// Better Auth core tables (user, session, account, verification), written by hand:
// the Better Auth CLI does not run on Node 20.
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** sha256(token) as hex, never the token itself (lib/auth/hashed-session-adapter.ts, migration 0020). */
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The sessions one sign-in made on the installation's sites (lib/auth/sso.ts): a session handed on to another site
     * joins the family of the one it came from, and logging out on any site ends the whole family.
     */
    ssoFamily: text('sso_family'),
  },
  (t) => [index('session_user_id_idx').on(t.userId), index('session_sso_family_idx').on(t.ssoFamily)],
);

/**
 * One-time codes of the sign-in across the installation's sites (lib/auth/sso.ts): sha256 of the code, the site it was
 * issued to, the PKCE challenge it must be redeemed with, and the family of the session it came from. Used once; a
 * minute to live.
 */
export const ssoCode = pgTable(
  'sso_code',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clientOrigin: text('client_origin').notNull(),
    challenge: text('challenge').notNull(),
    /** sha256 of the state of the sign-in it was issued in: the callback redeems it only with that state. */
    stateHash: text('state_hash').notNull(),
    family: text('family').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_code_expires_idx').on(t.expiresAt)],
);

/**
 * The sign-ins across sites that a site of the installation began (lib/auth/sso.ts), by sha256 of their state: the
 * site that began it (the client), the site asked for a code (the peer) and the PKCE challenge sent. The peer issues a
 * code only for a sign-in begun this way, once. A code redeemed where the visitor must still confirm (another account
 * signed in there, or a code from a conference's own domain) waits here as `pending*` until they answer. Ten minutes to
 * live.
 */
export const ssoFlow = pgTable(
  'sso_flow',
  {
    stateHash: text('state_hash').primaryKey(),
    clientOrigin: text('client_origin').notNull(),
    peerOrigin: text('peer_origin').notNull(),
    challenge: text('challenge').notNull(),
    codeIssuedAt: timestamp('code_issued_at', { withTimezone: true }),
    pendingUserId: text('pending_user_id').references(() => user.id, { onDelete: 'cascade' }),
    pendingFamily: text('pending_family'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_flow_expires_idx').on(t.expiresAt)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);
