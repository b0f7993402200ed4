/**
 * The security headers of every answer. Pages get a Content-Security-Policy with a fresh nonce per
 * request (proxy.ts makes it; Next.js and the layout put it on every script they write), API
 * answers a policy that allows nothing to run. Framing is refused everywhere. Headers that never
 * change (nosniff, referrer policy, X-Frame-Options) are set for every path in next.config.mjs.
 */

/** A page's policy: scripts only with the request's nonce (and what they load), styles from the app and inline (Mantine), organiser stylesheets as files of the app. */
export function pageCsp(nonce: string, dev = process.env.NODE_ENV === 'development'): string {
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** An API answer is data, never a document to run or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** HSTS for answers that went out over https (directly, or through a trusted proxy that says so). */
export function hstsFor(headers: Headers, url: string): string | null {
  const forwarded = process.env.TRUST_PROXY === '1' ? headers.get('x-forwarded-proto') : null;
  const https = forwarded ? forwarded.split(',')[0].trim() === 'https' : url.startsWith('https:');
  return https ? 'max-age=31536000; includeSubDomains' : null;
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Every API answer: a policy that runs and frames nothing (unless the handler set its own), HSTS over https. */
export function withSecurityHeaders(req: Request, response: Response): Response {
  try {
    if (!response.headers.has('content-security-policy')) response.headers.set('content-security-policy', API_CSP);
    const hsts = hstsFor(req.headers, req.url);
    if (hsts) response.headers.set('strict-transport-security', hsts);
  } catch {
    // A response with immutable headers (a redirect made by a library) goes out as it is.
  }
  return response;
}
