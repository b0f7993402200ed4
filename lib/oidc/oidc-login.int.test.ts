import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as userInfo } from '@/app/api/base/user/info/route';
import type { Database } from '@/db/client';
import { account, conferenceRegistration, oidcLoginState, session, user, userIdentity } from '@/db/schema';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { insertAccount } from '@/lib/accounts/create-account';
import { authSecret, buildAuth, type Auth } from '@/lib/auth/auth';
import { SESSION_COOKIE } from '@/lib/auth/cookies';
import { AppError } from '@/lib/http/app-error';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler } from '@/testing/harness/conference';
import { beginLogin, NONCE_LENGTH } from './begin-login';
import { completeLogin } from './complete-login';
import { findCentral, findOrganisation } from './queries';
import { callbackUris, plantProvider, STANDIN_CLIENT } from '@/testing/fixtures/oidc';
import { OidcStandin, StandinBrowser } from '@/testing/standins/oidc';

const ORIGIN = 'http://oidc.localhost:3000';

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
};

describe.each(testBackends('both'))('organisation and central login through a real provider on %s', (backend) => {
  let database: Database;
  let standin: OidcStandin;
  let auth: Auth;
  let conferenceId: number;
  const fx = { host: 'oidc.localhost', conferenceId: 0, feeId: 0 };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    auth = buildAuth(database.db, authSecret());
    conferenceId = await insertTestConference(database.db, 'oidc');
    fx.conferenceId = conferenceId;
    standin = await OidcStandin.start({ clients: [{ ...STANDIN_CLIENT, redirectUris: callbackUris(ORIGIN) }] });
    standin.addAccount({ sub: 'li-001', email: 'li.lei@pku.example.org', password: 'pw-li-2026', name: 'Li Lei' });
    standin.addAccount({ sub: 'han-002', email: 'han.mei@example.org', password: 'pw-han-2026', name: 'Han Meimei' });
    standin.addAccount({ sub: 'cst-9', email: 'zhang.san@cstnet.example.org', password: 'pw-zhang-2026', name: 'Zhang San' });
    standin.addAccount({ sub: 'unv-1', email: 'taken@example.org', password: 'pw-unv-2026', name: 'Unverified', emailVerified: false });
    await plantProvider(database, standin.issuer, { slug: 'pku', shortcutOrder: 1 });
    await plantProvider(database, standin.issuer, { slug: 'cas', kind: 'central', nameZh: '中心账号', nameEn: 'Central account' });
  }, 30_000);
  afterAll(async () => {
    await standin?.close();
    await database?.close();
  });

  const begin = async (kind: 'organisation' | 'central', returnPath = '/profile/userInfo', prompt?: 'none') => {
    const provider = kind === 'central' ? await findCentral(database.db) : await findOrganisation(database.db, 'pku');
    return beginLogin(database.db, { provider: provider!, conferenceId, origin: ORIGIN, locale: 'zh', returnPath, prompt });
  };
  const complete = (kind: 'organisation' | 'central', callback: URL) =>
    completeLogin(database.db, {
      kind,
      conferenceId,
      code: callback.searchParams.get('code') ?? '',
      state: callback.searchParams.get('state') ?? '',
      iss: callback.searchParams.get('iss') ?? undefined,
      headers: new Headers(),
      auth,
    });

  it('organisation login: PKCE S256, a 16-character nonce, creates the account without a password, signs in by cookie and bearer', async () => {
    const url = await begin('organisation', '/conferenceRegister');
    expect(url.origin).toBe(standin.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toMatch(new RegExp(`^[A-Za-z0-9]{${NONCE_LENGTH}}$`));
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/oidcLogin`);
    const [stored] = await database.db
      .select()
      .from(oidcLoginState)
      .where(eq(oidcLoginState.state, url.searchParams.get('state')!));
    expect(stored.codeVerifier).not.toBe(url.searchParams.get('code_challenge'));
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    const callback = await new StandinBrowser(standin.issuer).login(url, 'li.lei@pku.example.org', 'pw-li-2026');
    expect(callback.origin + callback.pathname).toBe(`${ORIGIN}/oidcLogin`);
    const done = await complete('organisation', callback);
    expect(done).toMatchObject({ created: true, registered: false, returnPath: '/conferenceRegister' });
    const [created] = await database.db.select().from(user).where(eq(user.id, done.userId));
    expect(created).toMatchObject({ email: 'li.lei@pku.example.org', name: 'Li Lei', emailVerified: true });
    expect(await database.db.select().from(account).where(eq(account.userId, done.userId))).toHaveLength(0);
    expect(await database.db.select().from(userIdentity).where(eq(userIdentity.userId, done.userId))).toMatchObject([
      { subject: 'li-001', email: 'li.lei@pku.example.org' },
    ]);

    // The browser's cookie and the API client's bearer token both open the account's info.
    expect(done.setCookies[0]).toMatch(
      new RegExp(`^${SESSION_COOKIE.replace('.', '\\.')}=[^;]+; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax`),
    );
    const cookie = done.setCookies[0].split(';')[0];
    const ways: Record<string, string>[] = [{ cookie }, { authorization: `Bearer ${done.token}` }];
    for (const headers of ways) {
      const res = await callHandler(userInfo, fx, { method: 'GET', headers });
      expect(res.status, res.text).toBe(200);
      expect((res.json!.data as { email: string }).email).toBe('li.lei@pku.example.org');
    }
    const anonymous = await callHandler(userInfo, fx, { method: 'GET' });
    expect(anonymous.status).toBe(401);
  });

  it('the second login of the same identity finds the account; a registered one is told so', async () => {
    const [{ userId }] = await database.db.select().from(userIdentity).where(eq(userIdentity.subject, 'li-001'));
    await database.db.insert(conferenceRegistration).values({ conferenceId, userId, code: 'O0001' });
    const url = await begin('organisation', '/profile/userInfo');
    const done = await complete(
      'organisation',
      await new StandinBrowser(standin.issuer).login(url, 'li.lei@pku.example.org', 'pw-li-2026'),
    );
    expect(done).toMatchObject({ userId, created: false, registered: true, returnPath: '/profile/userInfo' });
  });

  it('an existing password account with the same verified email is linked, not duplicated', async () => {
    const existing = await database.db.transaction((tx) =>
      insertAccount(tx, { email: 'han.mei@example.org', name: 'Han', passwordHash: 'x' }),
    );
    const url = await begin('organisation');
    const done = await complete('organisation', await new StandinBrowser(standin.issuer).login(url, 'han.mei@example.org', 'pw-han-2026'));
    expect(done).toMatchObject({ userId: existing, created: false });
  });

  it('an unverified email at the provider cannot take over an existing account', async () => {
    await database.db.transaction((tx) => insertAccount(tx, { email: 'taken@example.org', name: 'Owner', passwordHash: 'x' }));
    const url = await begin('organisation');
    const callback = await new StandinBrowser(standin.issuer).login(url, 'taken@example.org', 'pw-unv-2026');
    expect(await refusal(complete('organisation', callback))).toBe('OIDC_ACCOUNT_CONFLICT');
    expect(await database.db.select().from(userIdentity).where(eq(userIdentity.subject, 'unv-1'))).toHaveLength(0);
  });

  it('central login signs in and goes to the state path; prompt=none signs in again while the central session lasts', async () => {
    const browser = new StandinBrowser(standin.issuer);
    const url = await begin('central', '/profile/order/list');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/login`);
    const done = await complete('central', await browser.login(url, 'zhang.san@cstnet.example.org', 'pw-zhang-2026'));
    expect(done).toMatchObject({ created: true, returnPath: '/profile/order/list' });

    const silent = await begin('central', '/profile/userInfo', 'none');
    expect(silent.searchParams.get('prompt')).toBe('none');
    const again = await browser.follow(silent);
    expect(again.url.searchParams.get('code')).toBeTruthy();
    expect(await complete('central', again.url)).toMatchObject({ userId: done.userId, created: false });

    // Without a session at the provider it answers login_required (no loop: the visitor goes back).
    const stranger = await new StandinBrowser(standin.issuer).follow(await begin('central', '/', 'none'));
    expect(stranger.url.searchParams.get('error')).toBe('login_required');
  });

  it('refuses a forged state, a state of the other kind, a replayed code and an expired state', async () => {
    const url = await begin('organisation');
    const callback = await new StandinBrowser(standin.issuer).login(url, 'li.lei@pku.example.org', 'pw-li-2026');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-value');
    expect(await refusal(complete('organisation', forged))).toBe('OIDC_STATE_INVALID');
    // An organisation's state is no central login.
    expect(await refusal(complete('central', callback))).toBe('OIDC_STATE_INVALID');
    await complete('organisation', callback);
    const sessionsBefore = (await database.db.select().from(session)).length;
    expect(await refusal(complete('organisation', callback))).toBe('OIDC_STATE_INVALID');
    expect((await database.db.select().from(session)).length).toBe(sessionsBefore);

    // The used code with a fresh state: the provider refuses it (a code is good once, with its own verifier).
    const fresh = await begin('organisation');
    const replay = new URL(callback);
    replay.searchParams.set('state', fresh.searchParams.get('state')!);
    expect(await refusal(complete('organisation', replay))).toBe('OIDC_EXCHANGE_FAILED');

    const late = await begin('organisation');
    const lateCallback = await new StandinBrowser(standin.issuer).login(late, 'li.lei@pku.example.org', 'pw-li-2026');
    await database.db
      .update(oidcLoginState)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcLoginState.state, late.searchParams.get('state')!));
    expect(await refusal(complete('organisation', lateCallback))).toBe('OIDC_STATE_EXPIRED');
  });

  it('of two callbacks racing with one code and state exactly one signs in', async () => {
    const url = await begin('organisation');
    const callback = await new StandinBrowser(standin.issuer).login(url, 'li.lei@pku.example.org', 'pw-li-2026');
    const results = await Promise.allSettled([complete('organisation', callback), complete('organisation', callback)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect((refused.reason as AppError).code).toBe('OIDC_STATE_INVALID');
  });

  it('refuses an ID token that carries another nonce than the one kept for the state', async () => {
    const url = await begin('organisation');
    const callback = await new StandinBrowser(standin.issuer).login(url, 'li.lei@pku.example.org', 'pw-li-2026');
    await database.db
      .update(oidcLoginState)
      .set({ nonce: 'AAAAAAAAAAAAAAAA' })
      .where(eq(oidcLoginState.state, url.searchParams.get('state')!));
    const before = (await database.db.select().from(session)).length;
    expect(await refusal(complete('organisation', callback))).toBe('OIDC_NONCE_MISMATCH');
    expect((await database.db.select().from(session)).length).toBe(before);
  });

  it('only a relative path of this site is kept as the return path', async () => {
    for (const evil of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const url = await begin('organisation', evil);
      const [row] = await database.db
        .select()
        .from(oidcLoginState)
        .where(eq(oidcLoginState.state, url.searchParams.get('state')!));
      expect(row.returnPath).toBe('/');
    }
  });
});
