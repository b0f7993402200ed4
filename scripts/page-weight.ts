/**
 * What a page costs a visitor in JavaScript: every script its HTML makes a modern browser load
 * (`<script src>` and script preloads; a `noModule` script is skipped: only old browsers fetch it), fetched the way a browser
 * asks (`accept-encoding: br, gzip`), with the bytes counted as they travel (compressed) and after
 * decoding. Used by `npm run bench:lighthouse` and by the budget test in `npm test`
 * (e2e/budget.spec.ts).
 */
import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export type ScriptWeight = { src: string; transferred: number; decoded: number; encoding: string };
export type PageWeight = { url: string; scripts: ScriptWeight[]; transferred: number; decoded: number };

const ENCODINGS = 'br, gzip';

/** One GET without any decoding, so the body is the bytes that travelled. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; encoding: string; body: Buffer }> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { headers: { 'accept-encoding': ENCODINGS, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? ''), body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/**
 * Every script a module-capable browser fetches for the page, in document order: `<script src>`
 * without `noModule`, and `<link rel="preload" as="script">` / `<link rel="modulepreload">`.
 */
export function scriptSources(html: string): string[] {
  const sources: string[] = [];
  const attribute = (attributes: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
      .exec(attributes)
      ?.slice(1)
      .find((v) => v !== undefined);
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const [, tag, attributes] = match;
    let src: string | undefined;
    if (tag.toLowerCase() === 'script') {
      if (/\bnomodule\b/i.test(attributes)) continue;
      src = attribute(attributes, 'src');
    } else {
      const rel = attribute(attributes, 'rel')?.toLowerCase() ?? '';
      const as = attribute(attributes, 'as')?.toLowerCase() ?? '';
      if (rel === 'modulepreload' || (rel === 'preload' && as === 'script')) src = attribute(attributes, 'href');
    }
    if (src) sources.push(src.replace(/&amp;/g, '&'));
  }
  return [...new Set(sources)];
}

/** The page's HTML and each of its scripts as fetched (compressed) and decoded. */
export async function pageScripts(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ html: string; scripts: (ScriptWeight & { text: string })[] }> {
  const page = await rawGet(url, headers);
  // The 404 screen is a page too (and answers 404).
  if (page.status !== 200 && page.status !== 404) throw new Error(`${url} answered ${page.status}`);
  const html = decode(page.body, page.encoding).toString('utf8');
  const scripts: (ScriptWeight & { text: string })[] = [];
  for (const src of scriptSources(html)) {
    const address = new URL(src, url).toString();
    const answer = await rawGet(address, headers);
    if (answer.status !== 200) throw new Error(`${address} answered ${answer.status}`);
    const decoded = decode(answer.body, answer.encoding);
    scripts.push({
      src,
      transferred: answer.body.length,
      decoded: decoded.length,
      encoding: answer.encoding,
      text: decoded.toString('utf8'),
    });
  }
  return { html, scripts };
}

/** The page's scripts and their compressed and decoded sizes. */
export async function pageWeight(url: string, headers: Record<string, string> = {}): Promise<PageWeight> {
  const scripts: ScriptWeight[] = (await pageScripts(url, headers)).scripts.map(({ text: _text, ...weight }) => weight);
  return {
    url,
    scripts,
    transferred: scripts.reduce((sum, s) => sum + s.transferred, 0),
    decoded: scripts.reduce((sum, s) => sum + s.decoded, 0),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
