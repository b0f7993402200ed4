import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { conference } from './conferences';

/**
 * OpenID Connect identity providers, configured by the platform administrator (spec §1, §2
 * /conferencelogin's organisation side, /login). kind 'organisation': a row of the organisation list
 * (zname, ename, entityId, federation 'edugain' | 'local', optional shortcut logo); kind 'central':
 * the platform's central account system (at most one enabled). The client secret is encrypted at rest
 * (lib/server/secrets.ts) and never leaves the server.
 */
export const identityProvider = pgTable(
  'identity_provider',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull().default('organisation'),
    slug: text('slug').notNull().unique(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    entityId: text('entity_id').notNull().default(''),
    federation: text('federation').notNull().default('local'),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEnc: text('client_secret_enc').notNull().default(''),
    scopes: text('scopes').notNull().default('openid email profile'),
    /** Where the organisation's own site is (shown beside its name); '' when none. */
    homeUrl: text('home_url').notNull().default(''),
    logoUrl: text('logo_url').notNull().default(''),
    /** 1..3: one of the three shortcut logos, in this order; null: only in the searchable list. */
    shortcutOrder: integer('shortcut_order'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_provider_one_central')
      .on(t.kind)
      .where(sql`${t.kind} = 'central' and ${t.enabled}`),
  ],
);

/**
 * One sign-in attempt through a provider: the state sent to it, with the PKCE verifier, the nonce
 * (16 alphanumeric characters, spec §9) and where to go after. A callback must name a state that
 * exists, is unexpired and was not used; it is consumed by the first callback (a replay is refused).
 */
export const oidcLoginState = pgTable(
  'oidc_login_state',
  {
    state: text('state').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => identityProvider.id, { onDelete: 'cascade' }),
    conferenceId: integer('conference_id').references(() => conference.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnPath: text('return_path').notNull().default('/'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oidc_login_state_expiry_idx').on(t.expiresAt)],
);

/** An account's identity at a provider (the token's `sub`); one account may have several. */
export const userIdentity = pgTable(
  'user_identity',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => identityProvider.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** What the provider last said: cstnetId / email and name (spec §3 central login token). */
    email: text('email').notNull().default(''),
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identity_subject_idx').on(t.providerId, t.subject), index('user_identity_user_idx').on(t.userId)],
);

/** The unit (organisation) list of forms' unit field (spec §7 /home/company/findByQuery; id 153 is never listed). */
export const unit = pgTable('unit', {
  id: integer('id').primaryKey(),
  zhTitle: text('zh_title').notNull(),
  enTitle: text('en_title').notNull(),
});
