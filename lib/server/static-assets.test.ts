import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressStatic, serveStatic } from './static-assets';

const dir = mkdtempSync(path.join(tmpdir(), 'confhub-static-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`.repeat(4);
mkdirSync(path.join(dir, 'chunks'));
writeFileSync(path.join(dir, 'chunks', 'app.js'), script);
writeFileSync(path.join(dir, 'chunks', 'tiny.js'), 'void 0;');
writeFileSync(path.join(dir, 'chunks', 'font.woff2'), Buffer.alloc(4000));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function call(url: string, acceptEncoding: string, method = 'GET') {
  const sent: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
  const res = {
    writeHead: (status: number, headers: Record<string, unknown>) => Object.assign(sent, { status, headers }),
    end: (body?: Buffer) => Object.assign(sent, { body }),
  } as unknown as ServerResponse;
  const req = { method, url, headers: { 'accept-encoding': acceptEncoding } } as unknown as IncomingMessage;
  return { answered: serveStatic(req, res, assets), sent };
}

const assets = await precompressStatic(dir, '/_next/static');

describe('Brotli for the build’s static files', () => {
  it('compresses scripts and stylesheets once, beside the originals, and leaves the rest', async () => {
    expect([...assets.keys()]).toEqual(['/_next/static/chunks/app.js']);
    const stored = readFileSync(path.join(dir, 'chunks', 'app.js.br'));
    expect(brotliDecompressSync(stored).toString()).toBe(script);
    expect(stored.length).toBeLessThan(script.length / 10);
    // A second start reads the file back instead of compressing again.
    expect((await precompressStatic(dir, '/_next/static')).get('/_next/static/chunks/app.js')?.body.equals(stored)).toBe(true);
  });

  it('answers a browser that accepts br with the compressed bytes and long caching', () => {
    const { answered, sent } = call('/_next/static/chunks/app.js', 'gzip, deflate, br');
    expect(answered).toBe(true);
    expect(sent.status).toBe(200);
    expect(sent.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=UTF-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    expect(brotliDecompressSync(sent.body!).toString()).toBe(script);
    expect(call('/_next/static/chunks/app.js', 'br', 'HEAD').sent.body).toBeUndefined();
  });

  it('leaves to Next.js whatever it should answer itself', () => {
    expect(call('/_next/static/chunks/app.js', 'gzip').answered).toBe(false);
    expect(call('/_next/static/chunks/app.js', 'gzip, br;q=0').answered).toBe(false);
    expect(call('/_next/static/chunks/app.js', 'br', 'POST').answered).toBe(false);
    expect(call('/_next/static/chunks/tiny.js', 'br').answered).toBe(false);
    expect(call('/_next/static/chunks/../../../etc/passwd', 'br').answered).toBe(false);
    expect(call('/_next/static/chunks/app.js?v=1', 'br').answered).toBe(false);
  });
});
