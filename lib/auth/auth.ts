import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { getDb, pgliteDir, type DB } from '@/db/client';
import { account, session, user, verification } from '@/db/schema';
import { sessionAddress } from '@/lib/http/client-ip';
import { COOKIE_PREFIX } from './cookies';
import { withHashedSessionTokens } from './hashed-session-adapter';

export const SESSION_TTL_SECONDS = Number(process.env.SESSION_TTL_SECONDS ?? 60 * 60 * 24 * 7);

/**
 * BETTER_AUTH_SECRET from the environment; on the zero-setup embedded database a random secret is
 * kept beside the data so sessions survive a restart.
 */
let cachedSecret: string | undefined;

export function authSecret(): string {
  cachedSecret ??= readOrCreateSecret();
  return cachedSecret;
}

function readOrCreateSecret(): string {
  if (process.env.BETTER_AUTH_SECRET) return process.env.BETTER_AUTH_SECRET;
  if (process.env.DATABASE_URL) throw new Error('BETTER_AUTH_SECRET must be set when DATABASE_URL is used');
  const file = path.join(path.dirname(pgliteDir()), 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** The Better Auth instance over a database; it creates and ends sessions and hashes passwords. */
export function buildAuth(db: DB, secret: string) {
  return betterAuth({
    appName: 'ConfHub',
    secret,
    baseURL: process.env.BETTER_AUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
    // Session rows keep sha256(token), never the token itself (lib/auth/hashed-session-adapter.ts).
    database: withHashedSessionTokens(drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } })),
    emailAndPassword: {
      enabled: true,
      // Accounts are created by our own sign-up (emailed code first), never by Better Auth's endpoint.
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 64,
      requireEmailVerification: false,
    },
    // No cookieCache: every request reads the session row (lib/auth/session-lookup.ts), so logout ends it at once.
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: 60 * 60 * 24 },
    advanced: { cookiePrefix: COOKIE_PREFIX },
    databaseHooks: {
      session: {
        create: {
          // A session made by a sign-in records the client's address as lib/http/client-ip.ts decides it (the socket's,
          // or a trusted proxy's report), never Better Auth's own reading of a client-written X-Forwarded-For. A session
          // made outside a request (lib/oidc/session.ts) brings its own, from the same function.
          before: async (row, context) => {
            const headers = context?.headers ?? context?.request?.headers;
            return headers ? { data: { ...row, ipAddress: sessionAddress(headers) } } : undefined;
          },
        },
      },
    },
    // Login and code sending have our own database-backed limits (lib/accounts/rate-limit.ts).
    rateLimit: { enabled: false },
    plugins: [bearer()],
    telemetry: { enabled: false },
  });
}

async function createAuth() {
  return buildAuth(await getDb(), authSecret());
}

export type Auth = ReturnType<typeof buildAuth>;
const authKey = Symbol.for('confhub.auth');

export function getAuth(): Promise<Auth> {
  const g = globalThis as typeof globalThis & { [authKey]?: Promise<Auth> };
  g[authKey] ??= createAuth();
  return g[authKey];
}
