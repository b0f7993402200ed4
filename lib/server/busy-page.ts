/**
 * The page a visitor gets when the server will not render a public page for them now (lib/server/render-limit.ts):
 * 429 when this client has enough renders under way already, 503 when the server as a whole has. A small static
 * page in the visitor's language (the /en address or the language cookie, else Chinese, the sites' default), with
 * Retry-After; written by scripts/serve.ts without Next.js, so it costs next to nothing to send.
 */
import type { ServerResponse } from 'node:http';
import { LOCALE_COOKIE } from '@/lib/auth/cookies';
import { STATIC_HEADERS } from '../http/static-headers.mjs';
import { busy as enBusy } from '@/messages/en.json';
import { busy as zhBusy } from '@/messages/zh.json';
import type { Refusal } from './render-limit';

type Locale = 'zh' | 'en';
const TEXTS: Record<Locale, typeof zhBusy> = { zh: zhBusy, en: enBusy };
const LOCALE_VALUE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(en|zh)(?:;|$)`);

/** The visitor's language as the site would choose it: the /en prefix, else the remembered choice, else Chinese. */
export function busyLocale(url: string, cookie: string | undefined): Locale {
  if (url === '/en' || url.startsWith('/en/') || url.startsWith('/en?')) return 'en';
  return LOCALE_VALUE.exec(cookie ?? '')?.[1] === 'en' ? 'en' : 'zh';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's HTML: the title, why, and a link to the same address. */
export function busyPageHtml(locale: Locale, refusal: Refusal, url: string): string {
  const t = TEXTS[locale];
  const body = refusal.status === 429 ? t.tooManyBody : t.busyBody;
  return (
    `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(t.title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.6">` +
    `<h1>${escapeHtml(t.title)}</h1><p data-testid="busy-message">${escapeHtml(body)}</p>` +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(t.retry)}</a></p></body></html>`
  );
}

/** Answers the request with the busy page: 429 or 503, Retry-After, never stored by anybody. */
export function answerBusy(res: ServerResponse, refusal: Refusal, url: string, cookie: string | undefined): void {
  const html = busyPageHtml(busyLocale(url, cookie), refusal, url);
  for (const { key, value } of STATIC_HEADERS) res.setHeader(key, value);
  res.writeHead(refusal.status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'retry-after': String(refusal.retryAfterSeconds),
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  });
  res.end(html);
}
