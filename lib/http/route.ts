import { NextResponse, type NextRequest } from 'next/server';
import { z, ZodError, type ZodType } from 'zod';
import type { DB } from '@/db/client';
import type { Roles } from '@/lib/auth/roles';
import { isLocale, type Locale } from '@/lib/i18n/localized';
import { hasMessage, serverTranslator } from '@/lib/i18n/server-messages';
import { purgePublicCache } from '@/lib/server/public-cache';
import { contextFromHeaders, type SessionUser } from '@/lib/tenancy/context';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { AppError, Errors } from './app-error';
import { clientIp } from './client-ip';
import type { Gate } from './gate';
import { fail, ok } from './envelope';

/** Who may call: anyone, a signed-in account, a manager of this conference, or a platform administrator. */
export type RouteAuth = 'none' | 'user' | 'manager' | 'platformAdmin';

export type HandlerContext<B, Q> = {
  req: NextRequest;
  db: DB;
  locale: Locale;
  conference: Conference;
  user: SessionUser | null;
  roles: Roles;
  body: B;
  query: Q;
  params: Record<string, string>;
  /** Headers to add to the response (Set-Cookie from the auth library, for instance). */
  responseHeaders: Headers;
  /** Null when no trusted address is known (per-client limits are then skipped). */
  ip: string | null;
};

type Options<BS extends ZodType | undefined, QS extends ZodType | undefined> = {
  auth?: RouteAuth;
  /** Refuse callers other than its administrators while the conference is not published. */
  published?: boolean;
  body?: BS;
  query?: QS;
  /** Admission control for a rush (lib/http/gate.ts): the whole request waits its turn. */
  gate?: Gate;
  /**
   * A successful write here may change what visitors see, so the anonymous HTML cache is dropped.
   * Default: writes by managers and platform administrators.
   */
  changesSite?: boolean;
};

type Infer<S> = S extends ZodType ? z.infer<S> : undefined;

export function requestLocale(req: Request): Locale {
  const header = req.headers.get('x-locale');
  if (isLocale(header)) return header;
  const cookie = /(?:^|;\s*)NEXT_LOCALE=(zh|en)/.exec(req.headers.get('cookie') ?? '')?.[1];
  return isLocale(cookie) ? cookie : 'zh';
}

/** Cookie-authenticated writes must come from a page of the same host (CSRF); bearer clients send no Origin. */
function sameOrigin(req: NextRequest): boolean {
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

async function readBody(req: NextRequest): Promise<unknown> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const text = await req.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw Errors.invalid();
  }
}

function errorResponse(error: unknown, locale: Locale): NextResponse {
  const t = serverTranslator(locale, 'errors');
  if (error instanceof AppError) {
    return NextResponse.json(fail(error.status, error.code, t(error.messageKey, error.values)), { status: error.status });
  }
  if (error instanceof ZodError) {
    const tv = serverTranslator(locale, 'validation');
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= hasMessage(locale, 'validation', issue.message) ? tv(issue.message) : t('invalidInput');
    }
    return NextResponse.json(fail(400, 'INVALID_INPUT', Object.values(fields)[0] ?? t('invalidInput'), fields), {
      status: 400,
    });
  }
  console.error('[api] unexpected error', error);
  return NextResponse.json(fail(500, 'INTERNAL', t('internal')), { status: 500 });
}

/**
 * The one wrapper for every route handler: resolves the conference from the host, reads the session
 * (cookie or bearer), checks the caller's permission, parses query and body with the zod schemas,
 * runs the handler and answers in the {code, message, data} envelope; errors become a message in
 * the caller's language.
 */
export function route<BS extends ZodType | undefined = undefined, QS extends ZodType | undefined = undefined>(
  options: Options<BS, QS>,
  handler: (ctx: HandlerContext<Infer<BS>, Infer<QS>>) => Promise<unknown>,
) {
  const handle = async (
    req: NextRequest,
    locale: Locale,
    segment?: { params?: Promise<Record<string, string | string[]>> },
  ): Promise<Response> => {
    if (!sameOrigin(req)) throw Errors.forbidden();
    const ctx = await contextFromHeaders(req.headers);
    if (!ctx.conference) throw Errors.noConference();
    const auth = options.auth ?? 'none';
    if (auth !== 'none' && !ctx.user) throw Errors.unauthenticated();
    if (auth === 'manager' && !ctx.roles.manager && !ctx.roles.platformAdmin) throw Errors.forbidden();
    if (auth === 'platformAdmin' && !ctx.roles.platformAdmin) throw Errors.forbidden();
    if (options.published && ctx.conference.status !== '4' && !ctx.roles.manager && !ctx.roles.platformAdmin) {
      throw Errors.unpublished();
    }

    const query = options.query ? options.query.parse(Object.fromEntries(req.nextUrl.searchParams.entries())) : undefined;
    // Only a declared body is read here, so a handler may read a multipart body itself.
    const body = options.body ? options.body.parse(await readBody(req)) : undefined;
    const rawParams = (await segment?.params) ?? {};
    const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
    const responseHeaders = new Headers();
    const result = await handler({
      req,
      db: ctx.db,
      locale,
      conference: ctx.conference,
      user: ctx.user,
      roles: ctx.roles,
      body: body as Infer<BS>,
      query: query as Infer<QS>,
      params,
      responseHeaders,
      ip: clientIp(req.headers),
    });
    const changesSite = options.changesSite ?? (auth === 'manager' || auth === 'platformAdmin');
    if (changesSite && req.method !== 'GET' && req.method !== 'HEAD') purgePublicCache();
    if (result instanceof Response) return result;
    const response = NextResponse.json(ok(result ?? null));
    for (const cookie of responseHeaders.getSetCookie()) response.headers.append('set-cookie', cookie);
    responseHeaders.forEach((value, key) => {
      if (key !== 'set-cookie') response.headers.set(key, value);
    });
    return response;
  };
  return async (req: NextRequest, segment?: { params?: Promise<Record<string, string | string[]>> }) => {
    const locale = requestLocale(req);
    try {
      return await (options.gate ? options.gate(() => handle(req, locale, segment)) : handle(req, locale, segment));
    } catch (error) {
      return errorResponse(error, locale);
    }
  };
}
