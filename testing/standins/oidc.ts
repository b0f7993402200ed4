/**
 * A real OpenID Connect provider on loopback (`oidc-provider`) standing in for an organisation's
 * identity provider or the central account system, for the integration and browser tests and the
 * demo (`npm run idp:demo`). One confidential client whose redirect URIs the caller chooses, PKCE
 * required, accounts the caller fills, and a login interaction completed by a minimal HTML form (a
 * browser test fills it) or programmatically (StandinBrowser).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, type Loopback } from './loopback';
import Provider from 'oidc-provider';

export type StandinAccount = { sub: string; email: string; password: string; name: string; emailVerified?: boolean };
export type StandinClient = { clientId: string; clientSecret: string; redirectUris: string[] };
export type StandinOptions = {
  /** 0 (default): a random free port. */
  port?: number;
  /** The issuer's host name: 127.0.0.1 (default) or localhost. */
  hostname?: string;
  clients: StandinClient[];
  accounts?: StandinAccount[];
  /** Shown above the login form (the demo names itself). */
  title?: string;
};

/** Both callbacks of the app (/oidcLogin, /login), in both languages, on `origin`. */
export function callbackUris(origin: string): string[] {
  return ['/oidcLogin', '/en/oidcLogin', '/login', '/en/login'].map((p) => origin + p);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, title: string, error = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>
${error ? `<p role="alert" id="login-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" id="standin-login">
<p><label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="username" required></p>
<p><label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p></form></main></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export class OidcStandin {
  readonly accounts = new Map<string, StandinAccount>();

  private constructor(
    readonly issuer: string,
    private readonly loopback: Loopback,
  ) {}

  static async start(options: StandinOptions): Promise<OidcStandin> {
    const hostname = options.hostname ?? '127.0.0.1';
    const loopback = await listenOnLoopback(undefined, { host: hostname, port: options.port });
    const issuer = loopback.origin;
    const standin = new OidcStandin(issuer, loopback);
    for (const account of options.accounts ?? []) standin.addAccount(account);
    const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    const provider = new Provider(issuer, {
      clients: options.clients.map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: c.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      })),
      pkce: { required: () => true },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      jwks: { keys: [{ ...jwk, kid: 'standin', alg: 'RS256', use: 'sig' }] },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = [...standin.accounts.values()].find((a) => a.sub === sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({ sub, email: account.email, email_verified: account.emailVerified ?? true, name: account.name }),
        };
      },
    });
    const handleProvider = provider.callback();
    const title = options.title ?? 'Stand-in identity provider';

    const finish = async (req: IncomingMessage, res: ServerResponse, accountId: string) => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    };

    loopback.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
      if (!match) return handleProvider(req, res);
      void (async () => {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'POST' && match[2]) {
          const form = await formBody(req);
          const account = standin.accounts.get((form.get('email') ?? '').trim().toLowerCase());
          if (!account || account.password !== form.get('password')) {
            res
              .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
              .end(loginPage(details.uid, title, 'Wrong email or password'));
            return;
          }
          await finish(req, res, account.sub);
          return;
        }
        // Signed in already, only the consent is missing: given at once (a first-party client).
        if (details.prompt.name !== 'login' && details.session?.accountId) {
          await finish(req, res, details.session.accountId);
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid, title));
      })().catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(String((error as Error).message ?? error));
      });
    });
    return standin;
  }

  addAccount(account: StandinAccount): void {
    this.accounts.set(account.email.toLowerCase(), account);
  }

  close(): Promise<void> {
    return this.loopback.close();
  }
}

/**
 * A programmatic browser at the stand-in: keeps its cookies (so a second login finds the session,
 * as ?autologon needs), follows redirects on the issuer and stops at the first address elsewhere
 * (the relying party's callback).
 */
export class StandinBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly issuer: string) {}

  private async get(url: URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (/expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows the provider's redirects; returns the first address off the issuer, or the page it stopped at. */
  async follow(start: URL, init: RequestInit = {}): Promise<{ url: URL; page?: string }> {
    let url = start;
    let response = await this.get(url, init);
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (!location) return { url, page: await response.text() };
      url = new URL(location, url);
      if (url.origin !== new URL(this.issuer).origin) return { url };
      response = await this.get(url);
    }
    throw new Error('too many redirects at the stand-in');
  }

  /** Opens the authorization address and signs in through the login form; returns the callback address. */
  async login(authorizationUrl: URL, email: string, password: string): Promise<URL> {
    const first = await this.follow(authorizationUrl);
    if (!first.page) return first.url;
    const form = new URLSearchParams({ email, password });
    const done = await this.follow(new URL(`${first.url.pathname}/login`, first.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (done.page) throw new Error(`the stand-in refused the login: ${done.page.slice(0, 200)}`);
    return done.url;
  }
}
