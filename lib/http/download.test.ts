import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import contentDisposition from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage/storage';
import { attachment, fileResponse, storedFileResponse } from './download';

const NAME = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5.pdf';

describe('the one file response', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'confhub-download-'));
    process.env.UPLOAD_DIR = root;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps a Chinese file name (RFC 5987) with an ASCII fallback, and a plain name as it is', () => {
    expect(attachment('会议日程 programme.pdf')).toBe(
      `attachment; filename="____ programme.pdf"; filename*=UTF-8''${encodeURIComponent('会议日程 programme.pdf')}`,
    );
    expect(contentDisposition.parse(attachment('摘要（第二版）.pdf')).parameters.filename).toBe('摘要（第二版）.pdf');
    expect(attachment('receipt-R1.pdf')).toBe('attachment; filename="receipt-R1.pdf"');
    // A quote or a backslash cannot break out of the quoted name.
    expect(contentDisposition.parse(attachment('a"b\\c.pdf')).parameters.filename).toBe('a"b\\c.pdf');
  });

  it('sends nosniff, the type, the private cache rule and the name; an image in a page is public and immutable', async () => {
    const res = fileResponse(new Uint8Array([1, 2, 3]), { mime: 'application/pdf', fileName: '论文.pdf' });
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-length': '3',
      'content-disposition': `attachment; filename="__.pdf"; filename*=UTF-8''${encodeURIComponent('论文.pdf')}`,
    });
    const image = fileResponse(new Uint8Array([1]), { mime: 'image/png', fileName: null, cache: 'immutable' });
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.has('content-disposition')).toBe(false);
  });

  it('streams a stored file from storage (the first chunk arrives before the whole file is read) and refuses a missing one', async () => {
    const size = 4 * 1024 * 1024;
    const data = new Uint8Array(size).map((_, i) => i % 251);
    const key = storageKey(7, 'files', NAME);
    await storage().put(key, data);
    const res = await storedFileResponse(key, { mime: 'application/pdf', fileName: '大文件.pdf' });
    expect(res.headers.get('content-length')).toBe(String(size));
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    expect(first.value!.byteLength).toBeLessThan(size);
    let total = first.value!.byteLength;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) total += chunk.value.byteLength;
    expect(total).toBe(size);
    await expect(storedFileResponse(storageKey(7, 'files', NAME.replace('a0', 'ff')), { mime: 'x', fileName: 'x' })).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
    });
    await expect(storedFileResponse(null, { mime: 'x', fileName: 'x' })).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
  });
});
