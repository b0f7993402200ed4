import type { NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import type { DB } from '@/db/client';
import type { Roles } from '@/lib/auth/roles';
import { conferenceVisibleTo } from '@/lib/conferences/website-config';
import type { Locale } from '@/lib/i18n/localized';
import { broadcastsSent } from '@/lib/server/invalidation';
import { purgePublicCache } from '@/lib/server/public-cache';
import { contextFromHeaders, type SessionUser } from '@/lib/tenancy/context';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { AppError } from './app-error';
import { clientIp } from './client-ip';
import { ok } from './envelope';
import { jsonAnswer } from './direct-path';
import { errorEnvelope } from './error-response';
import type { Gate } from './gate';
import { queryObject, readJsonBody } from './request-input';
import { requestLocale } from './request-locale';
import { withSecurityHeaders } from './security-headers';

/**
 * Who may call: anyone, a signed-in account, a manager of this conference, this conference's check-in staff or a
 * manager ('checkin'), or a platform administrator.
 */
export type RouteAuth = 'none' | 'user' | 'manager' | 'checkin' | 'platformAdmin';

/** Whenever a handler needs a signed-in caller, its `user` is there by type. */
export type UserFor<A extends RouteAuth> = A extends 'none' ? SessionUser | null : SessionUser;

export type HandlerContext<B, Q, A extends RouteAuth = 'none'> = {
  req: NextRequest;
  db: DB;
  locale: Locale;
  conference: Conference;
  user: UserFor<A>;
  roles: Roles;
  body: B;
  query: Q;
  params: Record<string, string>;
  /** Headers to add to the response (Set-Cookie from the auth library, for instance). */
  responseHeaders: Headers;
  /** Null when no trusted address is known (per-client limits are then skipped). */
  ip: string | null;
};

export type RouteOptions<A extends RouteAuth, BS extends ZodType | undefined, QS extends ZodType | undefined> = {
  auth?: A;
  /** Refuse callers other than its administrators while the conference is not published. */
  published?: boolean;
  /** The JSON body (at most JSON_BODY_LIMIT bytes). Without it the body is not read, so a handler may read a multipart body itself. */
  body?: BS;
  query?: QS;
  /** Admission control for a rush (lib/http/gate.ts): the whole request waits its turn. */
  gate?: Gate;
  /**
   * A successful write here may change what visitors see, so the anonymous HTML cache is dropped,
   * on every server process (lib/server/invalidation.ts). Default: writes by managers and platform
   * administrators.
   */
  changesSite?: boolean;
};

export { requestLocale };

type Infer<S> = S extends ZodType ? z.infer<S> : undefined;
type Segment = { params?: Promise<Record<string, string | string[]>> };

/** A route handler as Next calls it, carrying its options so tests (the fuzz walk) can read its schemas. */
export type RouteHandler = ((req: NextRequest, segment?: Segment) => Promise<Response>) & {
  options: RouteOptions<RouteAuth, ZodType | undefined, ZodType | undefined>;
};

/** Cookie-authenticated writes must come from a page of the same host (CSRF); bearer clients send no Origin. */
function sameOrigin(req: Request): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  const origin = req.headers.get('origin');
  if (!origin) return true;
  try {
    const host = (process.env.TRUST_PROXY === '1' && req.headers.get('x-forwarded-host')) || req.headers.get('host');
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function checkAccess(auth: RouteAuth, user: SessionUser | null, roles: Roles): void {
  if (auth === 'none') return;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (auth === 'manager' && !roles.manager && !roles.platformAdmin) throw new AppError('FORBIDDEN');
  if (auth === 'checkin' && !roles.checkin && !roles.manager && !roles.platformAdmin) throw new AppError('FORBIDDEN');
  if (auth === 'platformAdmin' && !roles.platformAdmin) throw new AppError('FORBIDDEN');
}

/**
 * The one wrapper for every route handler: resolves the conference from the host, reads the session
 * (cookie or bearer), checks the caller's permission, parses query and body with the zod schemas
 * (bodies capped at JSON_BODY_LIMIT; NUL bytes and lone surrogates refused anywhere), runs the
 * handler and answers in the {code, message, data} envelope; errors become a message in the
 * caller's language.
 */
export function route<A extends RouteAuth = 'none', BS extends ZodType | undefined = undefined, QS extends ZodType | undefined = undefined>(
  options: RouteOptions<A, BS, QS>,
  handler: (ctx: HandlerContext<Infer<BS>, Infer<QS>, A>) => Promise<unknown>,
): RouteHandler {
  const auth: RouteAuth = options.auth ?? 'none';
  const handle = async (req: NextRequest, locale: Locale, segment?: Segment): Promise<Response> => {
    if (!sameOrigin(req)) throw new AppError('FORBIDDEN');
    const ctx = await contextFromHeaders(req.headers);
    if (!ctx.conference) throw new AppError('NO_CONFERENCE');
    checkAccess(auth, ctx.user, ctx.roles);
    if (options.published && !conferenceVisibleTo(ctx)) {
      throw new AppError('UNPUBLISHED');
    }

    const query = options.query ? options.query.parse(queryObject(req.nextUrl)) : undefined;
    const body = options.body ? options.body.parse(await readJsonBody(req)) : undefined;
    const rawParams = (await segment?.params) ?? {};
    const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
    const responseHeaders = new Headers();
    const result = await handler({
      req,
      db: ctx.db,
      locale,
      conference: ctx.conference,
      user: ctx.user as UserFor<A>,
      roles: ctx.roles,
      body: body as Infer<BS>,
      query: query as Infer<QS>,
      params,
      responseHeaders,
      ip: clientIp(req.headers),
    });
    const changesSite = options.changesSite ?? (auth === 'manager' || auth === 'platformAdmin');
    if (changesSite && req.method !== 'GET' && req.method !== 'HEAD') {
      purgePublicCache();
      // The answer leaves once the other server processes have been told (PostgreSQL; nothing to wait for on PGlite).
      await broadcastsSent();
    }
    if (result instanceof Response) return result;
    const response = jsonAnswer(req, ok(result ?? null));
    for (const cookie of responseHeaders.getSetCookie()) response.headers.append('set-cookie', cookie);
    responseHeaders.forEach((value, key) => {
      if (key !== 'set-cookie') response.headers.set(key, value);
    });
    return response;
  };
  const wrapped = async (req: NextRequest, segment?: Segment) => {
    const locale = requestLocale(req);
    let response: Response;
    try {
      response = await (options.gate ? options.gate(() => handle(req, locale, segment)) : handle(req, locale, segment));
    } catch (error) {
      const { envelope, status } = errorEnvelope(error, locale);
      response = jsonAnswer(req, envelope, status);
    }
    return withSecurityHeaders(req, response);
  };
  return Object.assign(wrapped, { options: options as RouteHandler['options'] });
}
