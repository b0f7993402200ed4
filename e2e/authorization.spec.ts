import http from 'node:http';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { ROUTE_RULES, type RouteRule } from '@/lib/auth/route-rules';
import { E2E_PORT } from './support/env';
import { E2E } from './support/fixtures-data';

/**
 * Walks every route of the rule table, for every role, on a published and an unpublished
 * conference, against the running server: each answer must be the page (200) or the expected
 * redirect. The expectations are written out here, independently of the guard's code.
 */
type Answer = { status: number; location: string | null; body: string; setCookies: string[] };

/** A raw HTTP request to the app with a chosen Host header (fetch would drop it). */
function request(
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        path,
        method: options.method ?? 'GET',
        headers: { host: `${host}:${E2E_PORT}`, ...(options.headers ?? {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = res.headers.location;
          const location = raw ? new URL(raw, `http://${host}`) : null;
          resolve({
            status: res.statusCode ?? 0,
            location: location ? location.pathname + location.search : null,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookies: res.headers['set-cookie'] ?? [],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const get = (host: string, path: string, cookie?: string) => request(host, path, { headers: cookie ? { cookie } : {} });

async function signIn(email: string, password: string): Promise<{ cookie: string; token: string }> {
  const answer = await request('localhost', '/api/base/oauth/localLogin', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(answer.status).toBe(200);
  return {
    cookie: answer.setCookies.map((c) => c.split(';')[0]).join('; '),
    token: (JSON.parse(answer.body) as { data: { token: string } }).data.token,
  };
}

const sessionCookie = async (email: string, password: string) => (await signIn(email, password)).cookie;

type Role = 'anonymous' | 'participant' | 'reviewer' | 'checkinStaff' | 'manager' | 'platformAdmin' | 'draftManager';
const login = (pattern: string) => `/conferencelogin?redirect=${encodeURIComponent(pattern)}`;

function expectedOnPublished(role: Role, rule: RouteRule): string | null {
  if (rule.access === 'prompt') return null;
  if (role === 'anonymous') return rule.access === 'anonymous' ? null : login(rule.pattern);
  if (rule.access === 'admin') return role === 'platformAdmin' ? null : '/403';
  if (rule.pattern === '/profile') return '/profile/userInfo';
  if (rule.access !== 'platform') return null;
  if (role === 'participant' || role === 'draftManager') return '/403';
  if (role === 'reviewer') return reviewerLanding(rule);
  // Check-in staff see the door's screen and nothing else of the admin area.
  if (role === 'checkinStaff') return rule.pattern === '/platform/checkin' ? null : '/platform/checkin';
  return null;
}

/** Pages of the review area only the chair and managers see: a plain reviewer goes to their own page. */
const CHAIR_PAGES = [
  '/platform/submissionManage/index',
  '/platform/submissionManage/reviewList',
  '/platform/submissionManage/contribute/detail',
];

function reviewerLanding(rule: RouteRule): string | null {
  if (!rule.pattern.startsWith('/platform/submissionManage')) return '/platform/submissionManage/user';
  return CHAIR_PAGES.includes(rule.pattern) ? '/platform/submissionManage/user' : null;
}

/**
 * The status of a screen the visitor may see: the 404 screen says 404, and so does a content page,
 * a page to edit, a reviewer or an assignment that is not there (the walk asks for the literal
 * `/page/:pageId` and `/programme/:code`, the literal `:id` and `:userId`, and the detail pages without their `?id=`).
 */
const NOT_THERE = [
  '/404',
  '/page/:pageId',
  '/programme/:code',
  '/platform/config/page/edit/:id',
  '/platform/manage/reviewer/info/:userId',
  '/platform/submissionManage/submission/detail',
  '/platform/submissionManage/contribute/detail',
];

function shownStatus(rule: RouteRule): number {
  return NOT_THERE.includes(rule.pattern) ? 404 : 200;
}

function expectedOnUnpublished(role: Role, rule: RouteRule): string | null {
  if (rule.access === 'prompt') return null;
  if (role === 'anonymous' && rule.access !== 'anonymous') return login(rule.pattern);
  if (rule.access === 'admin') return role === 'platformAdmin' ? null : '/403';
  if (role === 'platformAdmin' || role === 'draftManager') return rule.pattern === '/profile' ? '/profile/userInfo' : null;
  return rule.account ? null : '/unpublished';
}

test('every route × every role × published and unpublished conference', async () => {
  // Several hundred real requests, one after another.
  test.setTimeout(360_000);
  const cookies: Record<Role, string | undefined> = {
    anonymous: undefined,
    participant: await sessionCookie(DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password),
    reviewer: await sessionCookie(DEMO_ACCOUNTS.reviewer.email, DEMO_ACCOUNTS.reviewer.password),
    checkinStaff: await sessionCookie(DEMO_ACCOUNTS.checkinStaff.email, DEMO_ACCOUNTS.checkinStaff.password),
    manager: await sessionCookie(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password),
    platformAdmin: await sessionCookie(DEMO_ACCOUNTS.platformAdmin.email, DEMO_ACCOUNTS.platformAdmin.password),
    draftManager: await sessionCookie(E2E.draftManager, E2E.password),
  };
  const failures: string[] = [];
  let checked = 0;
  for (const [host, expected] of [
    ['localhost', expectedOnPublished],
    [`${E2E.draftSlug}.localhost`, expectedOnUnpublished],
  ] as const) {
    for (const rule of ROUTE_RULES) {
      for (const [role, cookie] of Object.entries(cookies) as [Role, string | undefined][]) {
        for (const prefix of ['', '/en']) {
          const want = expected(role, rule);
          const answer = await get(host, prefix + (rule.pattern === '/' && prefix ? '' : rule.pattern), cookie);
          const wantLocation = want === null ? null : prefix + want;
          const redirected = answer.status >= 300 && answer.status < 400;
          const got = redirected ? answer.location : null;
          const okStatus = want === null ? answer.status === shownStatus(rule) : redirected;
          checked++;
          if (!okStatus || got !== wantLocation) {
            failures.push(
              `${host} ${role} ${prefix}${rule.pattern}: wanted ${wantLocation ?? shownStatus(rule)}, got ${answer.status} ${answer.location ?? ''}`,
            );
          }
        }
      }
    }
  }
  expect(failures).toEqual([]);
  expect(checked).toBe(ROUTE_RULES.length * 7 * 2 * 2);
});

test('API handlers check the caller too', async () => {
  const call = async (path: string, init: { host?: string; method?: string; headers?: Record<string, string>; body?: string } = {}) => {
    const answer = await request(init.host ?? 'localhost', `/api${path}`, init);
    return { status: answer.status, body: JSON.parse(answer.body) as { code: number; error?: string; data: unknown } };
  };
  expect((await call('/base/user/info')).status).toBe(401);
  expect((await call('/base/admin/isAdmin')).body.error).toBe('UNAUTHENTICATED');
  const participant = await sessionCookie(DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
  const manager = await sessionCookie(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  const managerInfo = (await call('/base/user/info', { headers: { cookie: manager } })).body.data as { id: string };
  expect((await call(`/base/admin/isAdmin?cstnetId=${managerInfo.id}`, { headers: { cookie: participant } })).status).toBe(403);
  expect((await call('/base/admin/isAdmin', { headers: { cookie: manager } })).body.data).toMatchObject({ isAdmin: true });
  // The demo manager administers the demo conference only.
  expect((await call('/base/admin/isAdmin', { headers: { cookie: manager }, host: `${E2E.draftSlug}.localhost` })).body.data).toMatchObject(
    { isAdmin: false },
  );
  // A bearer token works like the cookie; a cross-site write is refused.
  const { token } = await signIn(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  expect((await call('/base/user/info', { headers: { authorization: `Bearer ${token}` } })).body.data).toMatchObject({
    email: DEMO_ACCOUNTS.manager.email,
  });
  expect(
    (
      await call('/base/user/info', {
        method: 'PUT',
        headers: { cookie: participant, origin: 'http://evil.example', 'content-type': 'application/json' },
        body: '{}',
      })
    ).status,
  ).toBe(403);
  // Registering on an unpublished conference is refused to participants.
  const register = await call('/conference/conferenceUser', {
    host: `${E2E.draftSlug}.localhost`,
    method: 'POST',
    headers: { cookie: participant, 'content-type': 'application/json', 'x-locale': 'en' },
    body: JSON.stringify({ agreeNotice: true }),
  });
  expect(register.status).toBe(403);
  expect(register.body.error).toBe('UNPUBLISHED');
  expect((await call('/health', { host: 'unknown.example' })).status).toBe(200);
  expect((await call('/conference/platform/findConferenceStatus', { host: 'unknown.example' })).status).toBe(404);
});

/** Where a redirect answer sends the visitor, or what else it was. */
const redirectOf = (answer: Answer) => (answer.status >= 300 && answer.status < 400 ? answer.location : `status ${answer.status}`);

test('the hotel screens and their calls: organisers only for settings and management, signed-in participants for booking', async () => {
  const participant = await sessionCookie(DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
  const manager = await sessionCookie(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  for (const prefix of ['', '/en']) {
    // A participant is refused the settings and every view of the management screen.
    for (const path of [
      '/platform/config/hotel',
      '/platform/manage/hotel',
      '/platform/manage/hotel?view=occupancy',
      '/platform/manage/hotel?view=mail',
    ]) {
      expect(redirectOf(await get('localhost', prefix + path, participant)), `participant ${prefix}${path}`).toBe(`${prefix}/403`);
      expect((await get('localhost', prefix + path, manager)).status, `manager ${prefix}${path}`).toBe(200);
    }
    // An anonymous visitor is sent to sign in and brought back to the booking page; a participant books there.
    expect(redirectOf(await get('localhost', `${prefix}/profile/hotel/order`))).toBe(prefix + login('/profile/hotel/order'));
    expect((await get('localhost', `${prefix}/profile/hotel/order`, participant)).status).toBe(200);
  }

  const call = async (path: string, cookie?: string, method = 'GET', body?: unknown) => {
    const answer = await request('localhost', `/api${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, error: (JSON.parse(answer.body) as { error?: string }).error };
  };
  const organiserCalls: [string, string, unknown?][] = [
    ['GET', '/conference/platform/config/hotel'],
    ['PUT', '/conference/platform/config/hotel', { enabled: false }],
    ['POST', '/conference/platform/config/hotel/hotels', { name: { zh: '酒店', en: 'Hotel' } }],
    ['GET', '/conference/platform/manage/hotel/list'],
    ['GET', '/conference/platform/manage/hotel/occupancy'],
    ['GET', '/conference/platform/manage/hotel/export'],
    ['GET', '/conference/platform/manage/hotel/mail-template'],
  ];
  for (const [method, path, body] of organiserCalls) {
    expect(await call(path, participant, method, body), `participant ${method} ${path}`).toEqual({ status: 403, error: 'FORBIDDEN' });
    expect((await call(path, undefined, method, body)).status, `anonymous ${method} ${path}`).toBe(401);
  }
  expect((await call('/conference/platform/manage/hotel/occupancy', manager)).status).toBe(200);
  for (const [method, path] of [
    ['GET', '/conference/hotel/options'],
    ['GET', '/conference/hotel/bookings'],
    ['POST', '/conference/hotel/bookings'],
  ] as const) {
    expect(await call(path, undefined, method, method === 'POST' ? {} : undefined), `anonymous ${method} ${path}`).toEqual({
      status: 401,
      error: 'UNAUTHENTICATED',
    });
  }
  expect((await call('/conference/hotel/options', participant)).status).toBe(200);
});

test('the notice and download screens and their calls: organisers manage, registrants read, the audience is checked on every download', async () => {
  const participant = await sessionCookie(DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
  const manager = await sessionCookie(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  const outsider = await sessionCookie(E2E.newsOutsider, E2E.password);
  const reviewer = await sessionCookie(DEMO_ACCOUNTS.reviewer.email, DEMO_ACCOUNTS.reviewer.password);
  for (const prefix of ['', '/en']) {
    for (const path of ['/platform/manage/notice', '/platform/manage/download']) {
      expect(redirectOf(await get('localhost', prefix + path, participant)), `participant ${prefix}${path}`).toBe(`${prefix}/403`);
      expect(redirectOf(await get('localhost', prefix + path, reviewer)), `reviewer ${prefix}${path}`).toBe(
        `${prefix}/platform/submissionManage/user`,
      );
      expect((await get('localhost', prefix + path, manager)).status, `manager ${prefix}${path}`).toBe(200);
    }
    for (const path of ['/profile/notice', '/profile/download']) {
      expect(redirectOf(await get('localhost', prefix + path))).toBe(prefix + login(path));
      expect((await get('localhost', prefix + path, participant)).status).toBe(200);
      // Signed in but not registered for the demo: the page answers, with the refusal instead of the notices.
      const page = await get('localhost', prefix + path, outsider);
      expect(page.status).toBe(200);
      if (path === '/profile/notice') expect(page.body).toContain('notices-not-registered');
    }
  }

  const call = async (path: string, cookie?: string, method = 'GET', body?: unknown) => {
    const answer = await request('localhost', `/api${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = answer.body.startsWith('{') ? (JSON.parse(answer.body) as { error?: string; data?: unknown }) : {};
    return { status: answer.status, error: json.error, data: json.data, headers: answer };
  };
  const notice = { title: { zh: '通知', en: 'Notice' }, content: { zh: '内容', en: 'Content' } };
  const material = { title: { zh: '资料', en: 'Material' }, audience: 'all' };
  const organiserCalls: [string, string, unknown?][] = [
    ['GET', '/conference/platform/manage/notice'],
    ['POST', '/conference/platform/manage/notice', notice],
    ['PUT', '/conference/platform/manage/notice/1', notice],
    ['POST', '/conference/platform/manage/notice/1/publish', { published: false }],
    ['DELETE', '/conference/platform/manage/notice/1'],
    ['GET', '/conference/platform/manage/download'],
    ['POST', '/conference/platform/manage/download', {}],
    ['PUT', '/conference/platform/manage/download/1', material],
    ['POST', '/conference/platform/manage/download/1/move', { direction: 'down' }],
    ['DELETE', '/conference/platform/manage/download/1'],
  ];
  for (const [method, path, body] of organiserCalls) {
    expect(await call(path, participant, method, body).then((r) => [r.status, r.error]), `participant ${method} ${path}`).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect((await call(path, undefined, method, body)).status, `anonymous ${method} ${path}`).toBe(401);
  }
  for (const [method, path] of [
    ['GET', '/conference/notice'],
    ['POST', '/conference/notice/1/read'],
    ['GET', '/conference/download'],
    ['GET', '/conference/download/1'],
  ] as const) {
    expect(await call(path, undefined, method).then((r) => [r.status, r.error]), `anonymous ${method} ${path}`).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
  }
  // The demo's programme is for registrants: the registered participant downloads it, the outsider is refused.
  const materials = (await call('/conference/download', manager)).data as { materials: { id: number; audience: string }[] };
  const programme = materials.materials.find((m) => m.audience === 'registrants');
  expect(programme, 'the demo has a material for registrants').toBeDefined();
  const file = await request('localhost', `/api/conference/download/${programme!.id}`, { headers: { cookie: participant } });
  expect(file.status).toBe(200);
  expect(file.body.startsWith('%PDF-')).toBe(true);
  expect((await call(`/conference/download/${programme!.id}`, outsider)).error).toBe('DOWNLOAD_REGISTRANTS_ONLY');
  expect((await call('/conference/notice', outsider)).error).toBe('NOT_REGISTERED');
  expect(((await call('/conference/notice', participant)).data as { notices: unknown[] }).notices.length).toBeGreaterThan(0);
});

test('the feedback screens and calls: organisers only for the conference’s feedback, signed-in participants for their own; the unit list is open', async () => {
  const participant = await sessionCookie(DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
  const manager = await sessionCookie(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  for (const prefix of ['', '/en']) {
    for (const path of ['/platform/manage/userFeedBack', '/platform/manage/userFeedBack?id=1']) {
      expect(redirectOf(await get('localhost', prefix + path, participant)), `participant ${prefix}${path}`).toBe(`${prefix}/403`);
      expect((await get('localhost', prefix + path, manager)).status, `manager ${prefix}${path}`).toBe(200);
    }
    for (const path of ['/profile/feedback', '/profile/feedBackDetails']) {
      expect(redirectOf(await get('localhost', `${prefix}${path}?id=1`))).toBe(prefix + login(`${path}?id=1`));
      expect((await get('localhost', `${prefix}${path}?id=1`, participant)).status).toBe(200);
    }
  }

  const call = async (path: string, cookie?: string, method = 'GET', body?: unknown) => {
    const answer = await request('localhost', `/api${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, error: (JSON.parse(answer.body) as { error?: string }).error };
  };
  const organiserCalls: [string, string, unknown?][] = [
    ['GET', '/conference/manage/feedback/list'],
    ['GET', '/conference/manage/feedback/detail?id=1'],
    ['GET', '/conference/manage/feedback/file?id=1'],
    ['GET', '/conference/manage/feedback/export'],
    ['POST', '/conference/manage/feedback/reply', { id: 1, content: 'Hello' }],
  ];
  for (const [method, path, body] of organiserCalls) {
    expect(await call(path, participant, method, body), `participant ${method} ${path}`).toEqual({ status: 403, error: 'FORBIDDEN' });
    expect((await call(path, undefined, method, body)).status, `anonymous ${method} ${path}`).toBe(401);
  }
  expect((await call('/conference/manage/feedback/list', manager)).status).toBe(200);
  for (const [method, path] of [
    ['GET', '/conference/feedback'],
    ['POST', '/conference/feedback'],
    ['GET', '/conference/feedback/detail?id=1'],
    ['GET', '/conference/feedback/file?id=1'],
    ['POST', '/conference/feedback/sendCode'],
    ['POST', '/conference/feedback/upload'],
  ] as const) {
    expect(await call(path, undefined, method, method === 'POST' ? {} : undefined), `anonymous ${method} ${path}`).toEqual({
      status: 401,
      error: 'UNAUTHENTICATED',
    });
  }
  expect((await call('/conference/feedback', participant)).status).toBe(200);
  // The unit list answers anyone, and refuses a page size past 99,999.
  expect((await call('/home/company/findByQuery', undefined, 'POST', { page: 1, size: 99999 })).status).toBe(200);
  expect(await call('/home/company/findByQuery', undefined, 'POST', { page: 1, size: 100000 })).toEqual({
    status: 400,
    error: 'INVALID_INPUT',
  });
});

test('the mail screens and their calls: organisers only', async () => {
  const participant = await sessionCookie(DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
  const manager = await sessionCookie(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  for (const prefix of ['', '/en']) {
    expect(redirectOf(await get('localhost', `${prefix}/platform/config/email`, participant))).toBe(`${prefix}/403`);
    expect(redirectOf(await get('localhost', `${prefix}/platform/config/email`))).toBe(prefix + login('/platform/config/email'));
    expect((await get('localhost', `${prefix}/platform/config/email`, manager)).status).toBe(200);
  }
  const call = async (path: string, cookie?: string, method = 'GET', body?: unknown) => {
    const answer = await request('localhost', `/api${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, error: (JSON.parse(answer.body) as { error?: string }).error };
  };
  const message = { subject: { zh: '通知', en: 'Notice' }, body: { zh: '内容', en: 'Text' } };
  const organiserCalls: [string, string, unknown?][] = [
    ['GET', '/conference/platform/config/email'],
    ['PUT', '/conference/platform/config/email', {}],
    ['POST', '/conference/platform/config/email/test', { to: 'someone@example.org' }],
    ['GET', '/conference/platform/config/email/template/registrationSuccess'],
    ['PUT', '/conference/platform/config/email/template/registrationSuccess', message],
    ['DELETE', '/conference/platform/config/email/template/registrationSuccess'],
    ['GET', '/conference/manage/user/mail'],
    ['POST', '/conference/manage/user/mail', { ...message, all: true }],
  ];
  for (const [method, path, body] of organiserCalls) {
    expect(await call(path, participant, method, body), `participant ${method} ${path}`).toEqual({ status: 403, error: 'FORBIDDEN' });
    expect((await call(path, undefined, method, body)).status, `anonymous ${method} ${path}`).toBe(401);
  }
  expect((await call('/conference/platform/config/email', manager)).status).toBe(200);
  expect((await call('/conference/manage/user/mail', manager)).status).toBe(200);
  // The demo has no mail setup of its own: a bulk mail is refused until there is one, and nothing is sent.
  expect(await call('/conference/manage/user/mail', manager, 'POST', { ...message, all: true })).toEqual({
    status: 409,
    error: 'MAIL_NOT_CONFIGURED',
  });
});

test('the check-in calls: this conference’s check-in staff and managers only; staff see nothing else of the admin area', async () => {
  const participant = await sessionCookie(DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
  const reviewer = await sessionCookie(DEMO_ACCOUNTS.reviewer.email, DEMO_ACCOUNTS.reviewer.password);
  const staff = await sessionCookie(DEMO_ACCOUNTS.checkinStaff.email, DEMO_ACCOUNTS.checkinStaff.password);
  const manager = await sessionCookie(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  const call = async (path: string, cookie?: string, method = 'GET', body?: unknown, host = 'localhost') => {
    const answer = await request(host, `/api${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = answer.body.startsWith('{') ? (JSON.parse(answer.body) as { error?: string; data?: unknown }) : {};
    return { status: answer.status, error: json.error, data: json.data };
  };
  const lists = (await call('/conference/manage/checkin/lists', staff)).data as { lists: { id: number }[] };
  const listId = lists.lists[0].id;
  const clientId = '3f0c8a52-8d1e-4f55-9d7a-0c9a4b1e2d3f';
  const doorCalls: [string, string, unknown?][] = [
    ['GET', '/conference/manage/checkin/lists'],
    ['POST', '/conference/manage/checkin/scan', { listId, token: 'x.y' }],
    ['POST', '/conference/manage/checkin', { listId, token: 'x.y', clientId }],
    ['POST', '/conference/manage/checkin/undo', { listId, registrationId: 1 }],
    ['GET', `/conference/manage/checkin/search?listId=${listId}&q=zz`],
  ];
  const organiserCalls: [string, string, unknown?][] = [
    ['GET', '/conference/manage/checkin/counts'],
    ['GET', '/conference/manage/checkin/export'],
    ['GET', '/conference/manage/checkin/staff'],
    ['POST', '/conference/manage/checkin/staff', { email: 'nobody@example.org' }],
    ['POST', '/conference/manage/checkin/staff/revoke', { userId: 'nobody' }],
    ['GET', '/conference/manage/checkin/fee-lists'],
    ['POST', '/conference/manage/checkin/fee-lists', { feeId: 1, enabled: false }],
    ['GET', '/conference/manage/checkin/config'],
    ['POST', '/conference/manage/checkin/config', { contactSearch: false }],
  ];
  for (const [method, path, body] of [...doorCalls, ...organiserCalls]) {
    expect((await call(path, undefined, method, body)).status, `anonymous ${method} ${path}`).toBe(401);
    for (const [who, cookie] of [
      ['participant', participant],
      ['reviewer', reviewer],
    ] as const) {
      expect(await call(path, cookie, method, body), `${who} ${method} ${path}`).toMatchObject({ status: 403, error: 'FORBIDDEN' });
    }
    // The demo's staff are nobody at another conference.
    expect(
      (await call(path, staff, method, body, `${E2E.draftSlug}.localhost`)).status,
      `staff elsewhere ${method} ${path}`,
    ).toBeGreaterThanOrEqual(401);
  }
  for (const [method, path, body] of doorCalls) {
    expect((await call(path, staff, method, body)).status, `staff ${method} ${path}`).not.toBe(403);
    expect((await call(path, manager, method, body)).status, `manager ${method} ${path}`).not.toBe(403);
  }
  for (const [method, path, body] of organiserCalls) {
    expect(await call(path, staff, method, body), `staff ${method} ${path}`).toMatchObject({ status: 403, error: 'FORBIDDEN' });
  }
  expect((await call('/conference/manage/checkin/counts', manager)).status).toBe(200);
  // A scan answers a refusal, never a person, for a token that is not ours.
  expect((await call('/conference/manage/checkin/scan', staff, 'POST', { listId, token: 'x.y' })).data).toEqual({
    result: 'refused',
    reason: 'invalid-ticket',
    attendee: null,
  });
});

test('the badge and certificate calls: organisers only; a participant their own certificate; verification open to anyone', async () => {
  const participant = await sessionCookie(DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
  const reviewer = await sessionCookie(DEMO_ACCOUNTS.reviewer.email, DEMO_ACCOUNTS.reviewer.password);
  const staff = await sessionCookie(DEMO_ACCOUNTS.checkinStaff.email, DEMO_ACCOUNTS.checkinStaff.password);
  const manager = await sessionCookie(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  const call = async (path: string, cookie?: string, method = 'GET', body?: unknown, host = 'localhost') => {
    const answer = await request(host, `/api${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = answer.body.startsWith('{') ? (JSON.parse(answer.body) as { error?: string; data?: unknown }) : {};
    return { status: answer.status, error: json.error, data: json.data, type: answer.body.slice(0, 5) };
  };
  for (const prefix of ['', '/en']) {
    for (const path of ['/platform/onsite/badges', '/platform/onsite/certificates']) {
      expect(redirectOf(await get('localhost', prefix + path, participant)), `participant ${prefix}${path}`).toBe(`${prefix}/403`);
      expect(redirectOf(await get('localhost', prefix + path, staff)), `staff ${prefix}${path}`).toBe(`${prefix}/platform/checkin`);
      expect(redirectOf(await get('localhost', prefix + path)), `anonymous ${prefix}${path}`).toBe(prefix + login(path));
      expect((await get('localhost', prefix + path, manager)).status, `manager ${prefix}${path}`).toBe(200);
    }
  }
  const organiserCalls: [string, string, unknown?][] = [
    ['GET', '/conference/platform/onsite/badges'],
    ['POST', '/conference/platform/onsite/badges', {}],
    ['GET', '/conference/platform/onsite/badges/pdf'],
    ['GET', '/conference/platform/onsite/badges/pdf?registrationId=1'],
    ['GET', '/conference/platform/onsite/badges/preview'],
    ['GET', '/conference/platform/onsite/certificates'],
    ['POST', '/conference/platform/onsite/certificates', {}],
    ['GET', '/conference/platform/onsite/certificates/image?kind=seal'],
    ['POST', '/conference/platform/onsite/certificates/image?kind=seal'],
    ['DELETE', '/conference/platform/onsite/certificates/image?kind=seal'],
    ['GET', '/conference/platform/onsite/certificates/preview'],
    ['POST', '/conference/platform/onsite/certificates/mail', {}],
  ];
  for (const [method, path, body] of organiserCalls) {
    expect((await call(path, undefined, method, body)).status, `anonymous ${method} ${path}`).toBe(401);
    for (const [who, cookie] of [
      ['participant', participant],
      ['reviewer', reviewer],
      ['check-in staff', staff],
    ] as const) {
      expect(await call(path, cookie, method, body), `${who} ${method} ${path}`).toMatchObject({ status: 403, error: 'FORBIDDEN' });
    }
    // The demo's organiser is nobody at another conference.
    expect((await call(path, manager, method, body, `${E2E.draftSlug}.localhost`)).status, `manager elsewhere ${method} ${path}`).toBe(403);
  }
  expect((await call('/conference/platform/onsite/badges', manager)).status).toBe(200);
  expect((await call('/conference/platform/onsite/badges/preview', manager)).type).toBe('%PDF-');
  // The participant's own certificate: signed in only; the demo is not over, so none yet.
  expect((await call('/conference/certificate/pdf')).status).toBe(401);
  expect(await call('/conference/certificate/pdf', participant)).toMatchObject({ status: 409, error: 'CERTIFICATE_NOT_ENDED' });
  // Verification answers anyone, with a yes or a no and nothing else.
  expect(await call('/conference/certificate/verify?code=ABCD-EFGH-JKMN-PQRS')).toMatchObject({ status: 200, data: { valid: false } });
  expect(
    (await call(`/conference/certificate/verify?code=${E2E.certCode}`, undefined, 'GET', undefined, `${E2E.certSlug}.localhost`)).data,
  ).toEqual({
    valid: true,
    name: E2E.certAttendees.zh.name,
    latinName: E2E.certAttendees.zh.latinName,
    conference: '2025 数据科学研讨会',
  });
});
