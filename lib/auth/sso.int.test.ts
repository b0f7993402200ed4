/**
 * The sign-in across the installation's sites (lib/auth/sso.ts), driven through its handlers the way a browser follows
 * them: a cookie jar per host, redirects followed from host to host. The central site is `localhost` (the default
 * conference), the conference sites `ssoa.localhost`, `ssob.localhost` and the approved domain `ssoconf.example.org`.
 */
import { randomBytes } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as authorizeGet, POST as authorizePost } from '@/app/api/sso/authorize/route';
import { GET as begin } from '@/app/api/sso/begin/route';
import { GET as callback } from '@/app/api/sso/callback/route';
import { POST as confirm } from '@/app/api/sso/confirm/route';
import { DELETE as logout } from '@/app/api/base/oauth/logout/route';
import type { Database } from '@/db/client';
import { conference, conferenceDomain, session, ssoCode, ssoFlow } from '@/db/schema';
import type { RouteHandler } from '@/lib/http/route';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { apiRequest, plantSession, sessionUserId, useAsProcessDatabase } from '@/testing/harness/handlers';
import { requestSession } from './sso';

const HANDLERS: Record<string, RouteHandler> = {
  '/api/sso/begin': begin,
  '/api/sso/authorize': authorizeGet,
  '/api/sso/callback': callback,
};

/** A browser: cookies per host, and a bearer token standing in for a session on the central site when given. */
class Browser {
  readonly jar = new Map<string, Map<string, string>>();
  /** centralToken: a session on the central site; elsewhere: sessions on other hosts, by host. */
  constructor(
    private readonly centralToken: string | null,
    private readonly elsewhere: Record<string, string> = {},
  ) {}

  cookieHeader(host: string): string {
    return [...(this.jar.get(host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  take(host: string, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const cookies = this.jar.get(host) ?? new Map<string, string>();
      if (attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '') cookies.delete(name);
      else cookies.set(name, value);
      this.jar.set(host, cookies);
    }
  }

  headersFor(host: string): Record<string, string> {
    const headers: Record<string, string> = {};
    const cookie = this.cookieHeader(host);
    if (cookie) headers.cookie = cookie;
    if (host === 'localhost' && this.centralToken) headers.authorization = `Bearer ${this.centralToken}`;
    if (this.elsewhere[host]) headers.authorization = `Bearer ${this.elsewhere[host]}`;
    return headers;
  }

  /** Goes to `address` and follows the sign-in's redirects; stops at the first address no handler here answers. */
  async visit(address: string): Promise<{ url: URL; trail: string[]; last: Response }> {
    let url = new URL(address);
    const trail: string[] = [];
    let last: Response | null = null;
    for (let hop = 0; hop < 10; hop++) {
      const handler = HANDLERS[url.pathname];
      if (!handler) break;
      trail.push(url.toString());
      const response = await handler(apiRequest(url.pathname + url.search, { host: url.host, headers: this.headersFor(url.host) }));
      this.take(url.host, response);
      last = response;
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) break;
      url = new URL(location, url);
    }
    return { url, trail, last: last! };
  }
}

describe.each(testBackends())('one sign-in across the sites on %s', (backend) => {
  let database: Database;
  let aId = 0;
  let centralToken = '';
  let userId = '';

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    const central = await insertTestConference(database.db, 'ssocentral');
    await database.db.update(conference).set({ isDefault: true }).where(eq(conference.id, central));
    aId = await insertTestConference(database.db, 'ssoa');
    await insertTestConference(database.db, 'ssob');
    const custom = await insertTestConference(database.db, 'ssocustom');
    await database.db.insert(conferenceDomain).values([
      { domain: 'ssoconf.example.org', conferenceId: custom, status: 'approved' },
      { domain: 'pending.example.org', conferenceId: custom, status: 'pending' },
    ]);
    centralToken = await plantSession(database, central, 'user');
    userId = await sessionUserId(database.db, centralToken);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const sessionOn = async (browser: Browser, host: string) =>
    requestSession(database.db, new Headers(browser.headersFor(host).cookie ? { cookie: browser.cookieHeader(host) } : {}));

  it('signs a visitor in on a conference site from the central session, in one family, with a code used once', async () => {
    const browser = new Browser(centralToken);
    const { url, trail } = await browser.visit('http://ssoa.localhost/api/sso/begin?return=%2Fprofile%2FuserInfo&locale=en');
    expect(trail.map((t) => new URL(t).host + new URL(t).pathname)).toEqual([
      'ssoa.localhost/api/sso/begin',
      'localhost/api/sso/authorize',
      'ssoa.localhost/api/sso/callback',
    ]);
    expect(url.toString()).toBe('http://ssoa.localhost/en/profile/userInfo');
    const onA = await sessionOn(browser, 'ssoa.localhost');
    expect(onA?.userId).toBe(userId);
    const central = await requestSession(database.db, new Headers({ authorization: `Bearer ${centralToken}` }));
    expect(central?.family).toBeTruthy();
    expect(onA?.family).toBe(central?.family);
    // The state cookie is gone once used; the code too.
    expect([...(browser.jar.get('ssoa.localhost')?.keys() ?? [])].filter((name) => name.startsWith('confhub.sso'))).toEqual([]);
    expect(await database.db.select().from(ssoCode)).toHaveLength(0);
  });

  /** Begins on `host` and gets a code from the central site, stopping before the callback: the code, state and cookie. */
  const codeFor = async (host: string) => {
    const browser = new Browser(centralToken);
    const started = await begin(apiRequest('/api/sso/begin?return=%2F', { host }));
    browser.take(host, started);
    const authorizeAt = new URL(started.headers.get('location')!);
    const issued = await authorizeGet(
      apiRequest(authorizeAt.pathname + authorizeAt.search, { host: 'localhost', headers: browser.headersFor('localhost') }),
    );
    const back = new URL(issued.headers.get('location')!);
    expect(back.host).toBe(host);
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, cookie: browser.cookieHeader(host) };
  };
  const redeem = (host: string, query: Record<string, string>, cookie: string) =>
    callback(apiRequest(`/api/sso/callback?${new URLSearchParams(query)}`, { host, headers: { cookie } }));
  const signedIn = (answer: Response) => answer.headers.getSetCookie().some((c) => c.startsWith('confhub.session_token='));

  it('refuses a replayed code, a forged one, one issued to another site, and one redeemed with another verifier', async () => {
    const sessionsBefore = (await database.db.select().from(session)).length;
    const refused = async (host: string, query: Record<string, string>, cookie: string) => {
      const answer = await redeem(host, query, cookie);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toMatch(/\/conferencelogin\?.*sso=invalid/);
      expect(signedIn(answer)).toBe(false);
    };
    const a = await codeFor('ssoa.localhost');
    expect(a.code).toMatch(/^[\w-]{43}$/);
    // Forged: a code nobody issued, with a genuine state and cookie.
    await refused('ssoa.localhost', { code: randomBytes(32).toString('base64url'), state: a.state }, a.cookie);
    // A state that is not the one this browser's cookie holds.
    await refused('ssoa.localhost', { code: a.code, state: 'x'.repeat(32) }, a.cookie);
    // Another site: ssob.localhost redeems ssoa's code with its own genuine state cookie.
    const b = await codeFor('ssob.localhost');
    await refused('ssob.localhost', { code: a.code, state: b.state }, b.cookie);
    // That attempt used the code up: its own site cannot redeem it now.
    await refused('ssoa.localhost', { code: a.code, state: a.state }, a.cookie);
    // Another verifier: a second sign-in begun on the same site redeems the first one's code.
    const first = await codeFor('ssoa.localhost');
    const second = await codeFor('ssoa.localhost');
    await refused('ssoa.localhost', { code: first.code, state: second.state }, second.cookie);
    expect((await database.db.select().from(session)).length).toBe(sessionsBefore);

    // A genuine redemption works once; the same callback replayed (cookie and all) is refused.
    const once = await codeFor('ssoa.localhost');
    const accepted = await redeem('ssoa.localhost', { code: once.code, state: once.state }, once.cookie);
    expect(signedIn(accepted)).toBe(true);
    await refused('ssoa.localhost', { code: once.code, state: once.state }, once.cookie);
  });

  it('refuses a code after its minute', async () => {
    const late = await codeFor('ssoa.localhost');
    await database.db.update(ssoCode).set({ expiresAt: new Date(Date.now() - 1000) });
    const answer = await redeem('ssoa.localhost', { code: late.code, state: late.state }, late.cookie);
    expect(answer.headers.get('location')).toMatch(/sso=invalid/);
    expect(signedIn(answer)).toBe(false);
  });

  it('sends no code to a foreign host, an unknown slug, a pending domain, another port or an address with a path', async () => {
    const browser = new Browser(centralToken);
    const codesBefore = (await database.db.select().from(ssoCode)).length;
    for (const client of [
      'http://evil.example',
      'http://nosuch.localhost',
      'http://pending.example.org',
      'http://ssoa.localhost/steal',
      'http://ssoa.localhost:9999',
      'javascript:alert(1)',
    ]) {
      const query = new URLSearchParams({ client, state: 's'.repeat(24), challenge: 'c'.repeat(43) });
      const answer = await authorizeGet(
        apiRequest(`/api/sso/authorize?${query}`, { host: 'localhost', headers: browser.headersFor('localhost') }),
      );
      expect(answer.status, client).toBe(400);
      expect(((await answer.json()) as { error?: string; code?: number }).code).toBe(400);
    }
    expect(await database.db.select().from(ssoCode)).toHaveLength(codesBefore);
    // A push may only name a site of the installation, and only come back to that site.
    const foreignPeer = await begin(
      apiRequest(`/api/sso/begin?${new URLSearchParams({ peer: 'http://evil.example', return: 'http://evil.example/' })}`, {
        host: 'localhost',
      }),
    );
    expect(foreignPeer.status).toBe(400);
    const foreignReturn = await begin(
      apiRequest(`/api/sso/begin?${new URLSearchParams({ peer: 'http://ssoa.localhost', return: 'http://evil.example/' })}`, {
        host: 'localhost',
      }),
    );
    expect(foreignReturn.status).toBe(400);
    // A pull's way back is a path of this site: anything else becomes the home page.
    for (const wanted of ['//evil.example/x', 'http://evil.example/', '/\t/evil.example']) {
      const pull = await new Browser(centralToken).visit(`http://ssoa.localhost/api/sso/begin?${new URLSearchParams({ return: wanted })}`);
      expect(pull.url.host, wanted).toBe('ssoa.localhost');
    }
  });

  it('a visitor signed in nowhere comes back to the site’s login form, once', async () => {
    const browser = new Browser(null);
    const { url } = await browser.visit('http://ssoa.localhost/api/sso/begin?return=%2Fprofile%2FuserInfo');
    expect(url.host).toBe('ssoa.localhost');
    expect(url.pathname).toBe('/conferencelogin');
    expect(url.searchParams.get('redirect')).toBe('/profile/userInfo');
    expect(url.searchParams.get('sso')).toBe('0');
    expect(await sessionOn(browser, 'ssoa.localhost')).toBeNull();
  });

  it('a conference on its own domain gets its code only after the visitor confirms', async () => {
    const browser = new Browser(centralToken);
    const codesBefore = (await database.db.select().from(ssoCode)).length;
    const asked = await browser.visit('http://ssoconf.example.org/api/sso/begin?return=%2F');
    expect(asked.url.host).toBe('localhost');
    expect(asked.url.pathname).toBe('/ssoContinue');
    expect(await database.db.select().from(ssoCode)).toHaveLength(codesBefore);
    const consent = Object.fromEntries(asked.url.searchParams);
    const answer = async (decision: string) => {
      const response = await authorizePost(
        apiRequest('/api/sso/authorize', {
          method: 'POST',
          host: 'localhost',
          headers: browser.headersFor('localhost'),
          body: JSON.stringify({ ...consent, decision }),
        }),
      );
      return ((await response.json()) as { data: { next: string } }).data.next;
    };
    const declined = new URL(await answer('cancel'));
    expect(declined.searchParams.get('error')).toBe('access_denied');
    const accepted = await browser.visit(await answer('continue'));
    expect(accepted.url.host).toBe('ssoconf.example.org');
    expect(accepted.url.pathname).not.toContain('conferencelogin');
    expect((await sessionOn(browser, 'ssoconf.example.org'))?.userId).toBe(userId);
  });

  it('issues a code only for a sign-in its client began towards this site, and only one', async () => {
    const browser = new Browser(centralToken);
    const codesBefore = (await database.db.select().from(ssoCode)).length;
    // A state and challenge nobody began (what a third party would make up): sent back without a code.
    const madeUp = new URLSearchParams({ client: 'http://ssoa.localhost', state: 's'.repeat(24), challenge: 'c'.repeat(43) });
    const refused = await authorizeGet(
      apiRequest(`/api/sso/authorize?${madeUp}`, { host: 'localhost', headers: browser.headersFor('localhost') }),
    );
    expect(refused.status).toBe(302);
    const back = new URL(refused.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('code')).toBeNull();
    // A sign-in ssoa began towards the central site: one code, then no second one for the same state.
    const started = await begin(apiRequest('/api/sso/begin?return=%2F', { host: 'ssoa.localhost' }));
    const authorizeAt = new URL(started.headers.get('location')!);
    const ask = () =>
      authorizeGet(apiRequest(authorizeAt.pathname + authorizeAt.search, { host: 'localhost', headers: browser.headersFor('localhost') }));
    expect(new URL((await ask()).headers.get('location')!).searchParams.get('code')).toMatch(/^[\w-]{43}$/);
    const again = new URL((await ask()).headers.get('location')!);
    expect(again.searchParams.get('code')).toBeNull();
    expect(again.searchParams.get('error')).toBe('invalid_request');
    // Began towards the central site, asked of another site: no code there either.
    const elsewhere = await begin(apiRequest('/api/sso/begin?return=%2F', { host: 'ssoa.localhost' }));
    const wrongPeer = new URL(elsewhere.headers.get('location')!);
    const onB = await authorizeGet(
      apiRequest(`/api/sso/authorize${wrongPeer.search}`, {
        host: 'ssob.localhost',
        headers: { authorization: `Bearer ${centralToken}` },
      }),
    );
    expect(new URL(onB.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    expect(await database.db.select().from(ssoCode)).toHaveLength(codesBefore + 1);
  });

  /**
   * The login CSRF across sites: a victim signed in on the central site is sent to a push naming a conference's own
   * domain; its organiser reads the state and challenge there and asks that domain for a code with their own account;
   * the victim's browser is then sent to the central callback with that code.
   */
  const forcedPush = async (victimToken: string | null) => {
    const attacker = await plantSession(database, aId, 'user');
    const victim = new Browser(victimToken);
    const startedAt = `/api/sso/begin?${new URLSearchParams({ peer: 'http://ssoconf.example.org', return: 'http://ssoconf.example.org/', locale: 'en' })}`;
    const started = await begin(apiRequest(startedAt, { host: 'localhost', headers: victim.headersFor('localhost') }));
    victim.take('localhost', started);
    const readByOrganiser = new URL(started.headers.get('location')!);
    expect(readByOrganiser.host).toBe('ssoconf.example.org');
    const issued = await authorizeGet(
      apiRequest(readByOrganiser.pathname + readByOrganiser.search, { host: 'ssoconf.example.org', token: attacker }),
    );
    const planted = new URL(issued.headers.get('location')!);
    expect(planted.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
    const landed = await callback(
      apiRequest(planted.pathname + planted.search, { host: 'localhost', headers: victim.headersFor('localhost') }),
    );
    victim.take('localhost', landed);
    return { victim, landed, attackerId: await sessionUserId(database.db, attacker) };
  };
  const answerConfirm = async (browser: Browser, decision: 'continue' | 'cancel') => {
    const response = await confirm(
      apiRequest('/api/sso/confirm', {
        method: 'POST',
        host: 'localhost',
        headers: browser.headersFor('localhost'),
        body: JSON.stringify({ decision }),
      }),
    );
    browser.take('localhost', response);
    return response;
  };

  it('never swaps a signed-in visitor’s session for another account’s unasked (forced push from an own domain)', async () => {
    const victimToken = await plantSession(database, aId, 'user');
    const victimId = await sessionUserId(database.db, victimToken);
    const { victim, landed } = await forcedPush(victimToken);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/en/ssoConfirm');
    expect(signedIn(landed)).toBe(false);
    expect((await requestSession(database.db, new Headers({ authorization: `Bearer ${victimToken}` })))?.userId).toBe(victimId);
    // Declined: nothing changes, and the sign-in cannot be answered again.
    const declined = await answerConfirm(victim, 'cancel');
    expect(((await declined.json()) as { data: { next: string } }).data.next).toBe('http://ssoconf.example.org/');
    expect(signedIn(declined)).toBe(false);
    expect((await requestSession(database.db, new Headers({ authorization: `Bearer ${victimToken}` })))?.userId).toBe(victimId);
    expect((await answerConfirm(victim, 'continue')).status).toBe(400);
  });

  it('a visitor signed in nowhere is asked too before a sign-in from an own domain; yes signs them in, once', async () => {
    const { victim, landed, attackerId } = await forcedPush(null);
    expect(landed.headers.get('location')).toBe('/en/ssoConfirm');
    expect(signedIn(landed)).toBe(false);
    // A stranger's browser (no sealed state) cannot answer for them.
    const stranger = await confirm(
      apiRequest('/api/sso/confirm', { method: 'POST', host: 'localhost', body: JSON.stringify({ decision: 'continue' }) }),
    );
    expect(stranger.status).toBe(400);
    expect(signedIn(stranger)).toBe(false);
    const yes = await answerConfirm(victim, 'continue');
    expect(signedIn(yes)).toBe(true);
    expect((await sessionOn(victim, 'localhost'))?.userId).toBe(attackerId);
    expect((await answerConfirm(victim, 'continue')).status).toBe(400);
  });

  it('a push from a platform site signs in unasked where nobody else is signed in, asks where another account is', async () => {
    const pushFrom = async (centralOf: string | null) => {
      const pusher = await plantSession(database, aId, 'user');
      const browser = new Browser(centralOf, { 'ssoa.localhost': pusher });
      const address = `http://localhost/api/sso/begin?${new URLSearchParams({ peer: 'http://ssoa.localhost', return: 'http://ssoa.localhost/x', locale: 'zh' })}`;
      return { ...(await browser.visit(address)), browser, pusherId: await sessionUserId(database.db, pusher) };
    };
    const unasked = await pushFrom(null);
    expect(unasked.url.toString()).toBe('http://ssoa.localhost/x');
    expect((await sessionOn(unasked.browser, 'localhost'))?.userId).toBe(unasked.pusherId);
    const other = await plantSession(database, aId, 'user');
    const asked = await pushFrom(other);
    expect(asked.url.pathname).toBe('/ssoConfirm');
    expect(signedIn(asked.last)).toBe(false);
    // Yes: the other account's session here ends, the pusher's begins.
    const yes = await answerConfirm(asked.browser, 'continue');
    expect(((await yes.json()) as { data: { next: string } }).data.next).toBe('http://ssoa.localhost/x');
    expect(await requestSession(database.db, new Headers({ authorization: `Bearer ${other}` }))).toBeNull();
    const [made] = yes.headers.getSetCookie().filter((c) => c.startsWith('confhub.session_token='));
    expect(made).toBeTruthy();
    // The answered sign-in is gone: nothing waits for an answer any more.
    expect(await database.db.select().from(ssoFlow).where(isNotNull(ssoFlow.pendingUserId))).toEqual([]);
  });

  it('logging out on one site ends the sign-in on every site of the family, and no other session', async () => {
    const other = await plantSession(database, aId, 'user');
    const browser = new Browser(centralToken);
    await browser.visit('http://ssoa.localhost/api/sso/begin?return=%2F');
    await browser.visit('http://ssob.localhost/api/sso/begin?return=%2F');
    const onB = await sessionOn(browser, 'ssob.localhost');
    expect(onB?.userId).toBe(userId);
    const out = await logout(
      apiRequest('/api/base/oauth/logout', {
        method: 'DELETE',
        host: 'ssob.localhost',
        headers: { cookie: browser.cookieHeader('ssob.localhost') },
      }),
    );
    expect(out.status).toBe(200);
    expect(await sessionOn(browser, 'ssob.localhost')).toBeNull();
    expect(await sessionOn(browser, 'ssoa.localhost')).toBeNull();
    expect(await requestSession(database.db, new Headers({ authorization: `Bearer ${centralToken}` }))).toBeNull();
    // Someone else's session lives on.
    expect(await requestSession(database.db, new Headers({ authorization: `Bearer ${other}` }))).not.toBeNull();
  });
});
