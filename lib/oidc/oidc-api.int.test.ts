import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startInsideRateWindow } from '@/testing/harness/clock';
import { GET as begin } from '@/app/api/base/oauth/begin/route';
import { POST as centralLogin } from '@/app/api/base/oauth/login/route';
import { POST as oidcLogin } from '@/app/api/base/oauth/oidcLogin/route';
import { POST as organisations } from '@/app/api/base/oauth/organisations/route';
import { GET as userInfo } from '@/app/api/base/user/info/route';
import { POST as federation } from '@/app/api/conference/conferenceUser/federation/route';
import { GET as listProviders, POST as addProvider } from '@/app/api/console/identity/route';
import { PUT as changeProvider } from '@/app/api/console/identity/[id]/route';
import type { Database } from '@/db/client';
import { identityProvider, oidcLoginState } from '@/db/schema';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { LIMITS } from '@/lib/accounts/rate-limit';
import { apiRequest, plantSession, useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler } from '@/testing/harness/conference';
import { decryptSecrets } from '@/lib/server/secrets';
import { callbackUris, STANDIN_CLIENT } from '@/testing/fixtures/oidc';
import { OidcStandin, StandinBrowser } from '@/testing/standins/oidc';

const json = (v: unknown) => JSON.stringify(v);
/** Route handlers sign in through the process's Better Auth: built again over this test's database. */
const forgetAuth = () => delete (globalThis as Record<symbol, unknown>)[Symbol.for('confhub.auth')];

describe.each(testBackends())('identity-provider API on %s', (backend) => {
  // The limits count in fixed windows (up to an hour): each test runs inside one window.
  let realClock = () => {};
  beforeEach(() => {
    realClock = startInsideRateWindow(3600);
  });
  afterEach(() => realClock());
  let database: Database;
  let standin: OidcStandin;
  let admin: string;
  let participant: string;
  const fx = { host: 'oidcapi.localhost', conferenceId: 0, feeId: 0 };
  const origin = 'http://oidcapi.localhost';
  const secret = 'super-secret-client-value-42';

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    forgetAuth();
    fx.conferenceId = await insertTestConference(database.db, 'oidcapi');
    admin = await plantSession(database, fx.conferenceId, 'platformAdmin');
    participant = await plantSession(database, fx.conferenceId, 'user');
    standin = await OidcStandin.start({ clients: [{ ...STANDIN_CLIENT, clientSecret: secret, redirectUris: callbackUris(origin) }] });
    standin.addAccount({ sub: 'w-1', email: 'wang.wu@tsinghua.example.org', password: 'pw-wang-2026', name: 'Wang Wu' });
  }, 30_000);
  afterAll(async () => {
    forgetAuth();
    await standin?.close();
    await database?.close();
  });

  const provider = (over: Record<string, unknown> = {}) => ({
    kind: 'organisation',
    slug: 'tsinghua',
    nameZh: '清华大学',
    nameEn: 'Tsinghua University',
    entityId: 'https://idp.tsinghua.example.org',
    federation: 'edugain',
    issuer: standin.issuer,
    clientId: STANDIN_CLIENT.clientId,
    clientSecret: secret,
    shortcutOrder: 1,
    ...over,
  });

  it('only a platform administrator configures providers; the secret is encrypted and never sent back', async () => {
    for (const token of [undefined, participant]) {
      const res = await callHandler(addProvider, fx, { token, body: json(provider()) });
      expect(res.status).toBe(token ? 403 : 401);
    }
    const added = await callHandler(addProvider, fx, { token: admin, body: json(provider()) });
    expect(added.status, added.text).toBe(200);
    const id = (added.json!.data as { id: number }).id;
    const [row] = await database.db.select().from(identityProvider).where(eq(identityProvider.id, id));
    expect(row.clientSecretEnc).not.toContain(secret);
    expect(decryptSecrets(row.clientSecretEnc).clientSecret).toBe(secret);

    // A change with a blank secret keeps it.
    const changed = await callHandler(changeProvider, fx, {
      method: 'PUT',
      token: admin,
      params: { id: String(id) },
      body: json(provider({ clientSecret: '', nameEn: 'Tsinghua Univ.' })),
    });
    expect(changed.status, changed.text).toBe(200);
    const [after] = await database.db.select().from(identityProvider).where(eq(identityProvider.id, id));
    expect(decryptSecrets(after.clientSecretEnc).clientSecret).toBe(secret);

    const list = await callHandler(listProviders, fx, { method: 'GET', token: admin });
    expect(list.text).not.toContain(secret);
    expect(list.text).not.toContain(after.clientSecretEnc);
    expect(list.json!.data).toMatchObject([{ id, slug: 'tsinghua', nameEn: 'Tsinghua Univ.', secretSet: true }]);

    const bad = await callHandler(addProvider, fx, { token: admin, body: json(provider({ slug: 'other', shortcutOrder: 1 })) });
    expect([bad.status, bad.json!.error]).toEqual([409, 'IDENTITY_PROVIDER_SHORTCUT_TAKEN']);
    const dup = await callHandler(addProvider, fx, { token: admin, body: json(provider({ shortcutOrder: null })) });
    expect([dup.status, dup.json!.error]).toEqual([409, 'IDENTITY_PROVIDER_SLUG_TAKEN']);
    const invalid = await callHandler(addProvider, fx, {
      token: admin,
      headers: { 'x-locale': 'en' },
      body: json(provider({ slug: 'x y', issuer: 'ftp://nope' })),
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.json as { fields: Record<string, string> }).fields).sort()).toEqual(['issuer', 'slug']);
    const missing = await callHandler(changeProvider, fx, {
      method: 'PUT',
      token: admin,
      params: { id: '4294967296' },
      body: json(provider()),
    });
    expect(missing.status).toBe(404);

    await callHandler(addProvider, fx, {
      token: admin,
      body: json(provider({ kind: 'central', slug: 'umt', nameEn: 'Central', shortcutOrder: null })),
    });
    const second = await callHandler(addProvider, fx, {
      token: admin,
      body: json(provider({ kind: 'central', slug: 'umt2', nameEn: 'Central 2', shortcutOrder: null })),
    });
    expect([second.status, second.json!.error]).toEqual([409, 'IDENTITY_PROVIDER_CENTRAL_EXISTS']);
    await callHandler(addProvider, fx, {
      token: admin,
      body: json(provider({ slug: 'fudan', nameZh: '复旦大学', nameEn: 'Fudan University', federation: 'local', shortcutOrder: null })),
    });
  });

  it('searches organisations by name or entityId and federation; the entries never carry a secret', async () => {
    const search = async (body: unknown) => {
      const res = await callHandler(organisations, fx, { body: json(body) });
      expect(res.text).not.toContain(secret);
      return res;
    };
    const all = await search({ query: '', selectInput: 'edugain,local', state: '/conferenceRegister', nonce: 'abcdEFGH12345678' });
    expect((all.json!.data as { ename: string }[]).map((o) => o.ename)).toEqual(['Tsinghua Univ.', 'Fudan University']);
    const [first] = all.json!.data as { redirectUrl: string; zname: string; entityId: string }[];
    expect(first).toMatchObject({ zname: '清华大学', entityId: 'https://idp.tsinghua.example.org' });
    expect(first.redirectUrl).toBe('/api/base/oauth/begin?provider=tsinghua&return=%2FconferenceRegister&locale=zh');
    const edugain = await search({ selectInput: 'edugain' });
    expect((edugain.json!.data as { slug: string }[]).map((o) => o.slug)).toEqual(['tsinghua']);
    const byName = await search({ query: '复旦' });
    expect((byName.json!.data as { slug: string }[]).map((o) => o.slug)).toEqual(['fudan']);
    const badNonce = await search({ nonce: 'short' });
    expect(badNonce.status).toBe(400);
  });

  const raw = (handler: typeof begin, path: string, init: Parameters<typeof apiRequest>[1] = {}) =>
    handler(apiRequest(path, { host: fx.host, ...init }), { params: Promise.resolve({}) });

  it('begins at the provider, signs in through the callback call with cookie and bearer, and tells the federation information', async () => {
    // Begun without a return address (the login page without ?redirect=): a new account lands by its role.
    const started = await raw(begin, '/api/base/oauth/begin?provider=tsinghua&locale=en');
    expect(started.status).toBe(302);
    const authorize = new URL(started.headers.get('location')!);
    expect(authorize.origin).toBe(standin.issuer);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${origin}/en/oidcLogin`);
    const callback = await new StandinBrowser(standin.issuer).login(authorize, 'wang.wu@tsinghua.example.org', 'pw-wang-2026');
    const body = json({
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      iss: callback.searchParams.get('iss'),
    });
    const res = await raw(oidcLogin, '/api/base/oauth/oidcLogin', { method: 'POST', body, headers: { 'x-locale': 'en' } });
    const answer = (await res.json()) as { code: number; data: string; registered: boolean; next: string };
    expect(answer).toMatchObject({ code: 200, registered: false, next: '/en/conferenceRegister' });
    expect(typeof answer.data).toBe('string');
    const cookie = res.headers.getSetCookie()[0];
    expect(cookie).toMatch(/HttpOnly/);
    for (const headers of [{ cookie: cookie.split(';')[0] }, { authorization: `Bearer ${answer.data}` }] as Record<string, string>[]) {
      const info = await callHandler(userInfo, fx, { method: 'GET', headers });
      expect((info.json!.data as { email: string }).email).toBe('wang.wu@tsinghua.example.org');
    }
    // The same code and state again: refused, in the caller's language.
    const replay = await callHandler(oidcLogin, fx, { body, headers: { 'x-locale': 'en' } });
    expect([replay.status, replay.json!.error]).toEqual([400, 'OIDC_STATE_INVALID']);
    expect(replay.json!.message).toMatch(/[a-z]/i);
    // An organisation's state is no central login.
    const wrongKind = await callHandler(centralLogin, fx, { body });
    expect(wrongKind.json!.error).toBe('OIDC_STATE_INVALID');

    const fed = await callHandler(federation, fx, { headers: { authorization: `Bearer ${answer.data}` } });
    expect(fed.json!.data).toEqual({
      email: 'wang.wu@tsinghua.example.org',
      name: 'Wang Wu',
      isUmtUser: false,
      identities: [
        {
          kind: 'organisation',
          zname: '清华大学',
          ename: 'Tsinghua Univ.',
          entityId: 'https://idp.tsinghua.example.org',
          email: 'wang.wu@tsinghua.example.org',
          name: 'Wang Wu',
        },
      ],
    });
    expect(fed.text).not.toContain(secret);
    expect((await callHandler(federation, fx, {})).status).toBe(401);
  });

  it('central: ?autologon begins with prompt=none; after a 401 the dead cookie is dropped; without a central system the platform’s own', async () => {
    const silent = await raw(begin, '/api/base/oauth/begin?kind=central&prompt=none&return=%2Fprofile%2FuserInfo&expired=1');
    expect(new URL(silent.headers.get('location')!).searchParams.get('prompt')).toBe('none');
    expect(silent.headers.getSetCookie().join()).toMatch(/confhub\.session_token=; Max-Age=0/);
    await database.db.update(identityProvider).set({ enabled: false }).where(eq(identityProvider.kind, 'central'));
    // Without one, a conference site asks the platform's own central sign-in (lib/auth/sso.ts), still dropping the dead cookie.
    const none = await raw(begin, '/api/base/oauth/begin?kind=central&return=%2Fprofile%2FuserInfo&locale=en&expired=1');
    expect(none.headers.get('location')).toBe('/api/sso/begin?return=%2Fprofile%2FuserInfo&locale=en');
    expect(none.headers.getSetCookie().join()).toMatch(/confhub\.session_token=; Max-Age=0/);
    const evil = await raw(begin, '/api/base/oauth/begin?kind=central&return=%2F%2Fevil.example');
    expect(evil.headers.get('location')).toBe('/api/sso/begin?return=%2F&locale=zh');
    const unknown = await callHandler(begin, fx, { method: 'GET', path: '/api/base/oauth/begin?provider=nowhere' });
    expect(unknown.status).toBe(404);
  });
  it('a client may begin only so many sign-ins (each writes a login state); another client still may', async () => {
    const from = (ip: string) => ({ headers: { 'x-confhub-client-ip': ip } });
    const path = '/api/base/oauth/begin?provider=tsinghua&return=%2F';
    const before = (await database.db.select().from(oidcLoginState)).length;
    for (let i = 0; i < LIMITS.oidcBeginPerIp.max; i++) expect((await raw(begin, path, from('203.0.113.9'))).status).toBe(302);
    const refused = await raw(begin, path, from('203.0.113.9'));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe('RATE_LIMITED');
    expect((await database.db.select().from(oidcLoginState)).length).toBe(before + LIMITS.oidcBeginPerIp.max);
    expect((await raw(begin, path, from('203.0.113.10'))).status).toBe(302);
  });
});
