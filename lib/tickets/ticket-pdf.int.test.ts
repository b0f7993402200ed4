import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceRegistration, registrationConfig } from '@/db/schema';
import { GET as ticketPdfGet } from '@/app/api/conference/ticket/pdf/route';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';

/**
 * The ticket PDF through its handler: the holder's own, in their language, with their Chinese name readable as text
 * (the CJK font is embedded); no ticket for a registration that is not complete, nor for an account not registered.
 */
describe.each(testBackends())('ticket PDF on %s', (backend) => {
  let database: Database;
  let free: ConferenceFixture;
  let charged: ConferenceFixture;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'confhub-ticket-'));
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    free = await plantConference(database, `tixpdf-free-${backend}`);
    charged = await plantConference(database, `tixpdf-paid-${backend}`);
    await database.db.insert(registrationConfig).values({ conferenceId: charged.conferenceId, costsSet: true });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const download = (fx: ConferenceFixture, token: string) =>
    ticketPdfGet(apiRequest('/api/conference/ticket/pdf', { method: 'GET', host: fx.host, token }), { params: Promise.resolve({}) });

  async function registrant(fx: ConferenceFixture, name: string, locale: 'zh' | 'en') {
    const account = await plantAccount(database, fx.conferenceId);
    await database.db.insert(conferenceRegistration).values({
      conferenceId: fx.conferenceId,
      userId: account.userId,
      code: `${fx.conferenceId}-${account.userId.slice(0, 6)}`,
      answers: { name, unit: '清华大学', email: account.email },
      locale,
    });
    return account;
  }

  function pdfText(bytes: Uint8Array, name: string): string {
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  }

  it('draws the holder’s ticket with their Chinese name, in their language', async () => {
    const zh = await registrant(free, '欧阳娜娜', 'zh');
    const res = await download(free, zh.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(bytes, 'zh');
    expect(text).toContain('欧阳娜娜');
    expect(text).toContain('清华大学');
    expect(text).toContain('参会电子票');
    expect(text).not.toContain(zh.email);

    const en = await registrant(free, '李雷', 'en');
    const enText = pdfText(new Uint8Array(await (await download(free, en.token)).arrayBuffer()), 'en');
    expect(enText).toContain('李雷');
    expect(enText).toContain('Conference ticket');
  });

  it('has no ticket for an unpaid registration, nor for an account not registered', async () => {
    const unpaid = await registrant(charged, '王五', 'zh');
    expect((await download(charged, unpaid.token)).status).toBe(404);
    const stranger = await plantAccount(database, free.conferenceId);
    expect((await download(free, stranger.token)).status).toBe(404);
    // Anonymous callers are asked to sign in.
    const anonymous = await ticketPdfGet(apiRequest('/api/conference/ticket/pdf', { method: 'GET', host: free.host }), {
      params: Promise.resolve({}),
    });
    expect(anonymous.status).toBe(401);
  });
});
