import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Executor } from '@/db/client';
import { certificate, checkin, checkinList, conference, conferenceRegistration, mailOutbox, userProfile } from '@/db/schema';
import { GET as pdfGet } from '@/app/api/conference/certificate/pdf/route';
import { GET as verifyGet } from '@/app/api/conference/certificate/verify/route';
import { POST as imagePost } from '@/app/api/conference/platform/onsite/certificates/image/route';
import { POST as mailPost } from '@/app/api/conference/platform/onsite/certificates/mail/route';
import { POST as settingsPost } from '@/app/api/conference/platform/onsite/certificates/route';
import { enqueueMail } from '@/lib/mail/outbox';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { callHandler, plantAccount, plantConference, type Account, type ConferenceFixture } from '@/testing/harness/conference';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import { mailCertificates } from './certificates';
import { canonicalCode, displayCode, newCertificateCode } from './codes';
import { attendanceEligibility } from './eligibility';
import { unknownCertificatePlaceholders } from './settings-schema';

/** A 1 × 1 PNG: the signature and the seal of the tests. */
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
);

const TEXT = {
  title: { zh: '参会证明', en: 'Certificate of Attendance' },
  body: {
    zh: '兹证明 {organisation} 的 {name} 于 {dates} 在{city}参加了 {conference}。注册号 {code}。',
    en: 'This is to certify that {name} of {organisation} attended {conference} in {city}, {dates}. Registration no. {code}.',
  },
  signatory: { zh: '会议主席 张大千', en: 'Chair of the conference' },
};

async function multipart(fileName: string, data: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(data)], fileName, { type: 'application/octet-stream' }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, 'x-locale': 'en' },
  };
}

describe('verification codes and placeholders', () => {
  it('draws 80-bit codes, reads them leniently and refuses anything else', () => {
    const codes = new Set(Array.from({ length: 2000 }, newCertificateCode));
    expect(codes.size).toBe(2000);
    const code = [...codes][0];
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(canonicalCode(displayCode(code).toLowerCase())).toBe(code);
    expect(canonicalCode(` ${displayCode(code)} `)).toBe(code);
    expect(canonicalCode('ABCD-EFGH-JKMN-PQR')).toBeNull();
    expect(canonicalCode('ABCD-EFGH-JKMN-PQRU')).toBeNull();
    expect(canonicalCode("'; drop table certificate; --")).toBeNull();
  });

  it('names the unknown placeholders of a text', () => {
    expect(unknownCertificatePlaceholders('{name} attended {conference} on {dates}')).toEqual([]);
    expect(unknownCertificatePlaceholders('{name} of {affiliation} {Name}')).toEqual(['{affiliation}', '{Name}']);
    expect(unknownCertificatePlaceholders('{name attended')).toEqual(['{']);
  });
});

describe.each(testBackends('both'))('certificates of attendance on %s', (backend) => {
  let database: Database;
  let root: string;
  let dir: string;
  let ended: ConferenceFixture;
  let running: ConferenceFixture;
  let manager: Account;
  let runningManager: Account;
  let doorList: number;
  const people: Record<string, { account: Account; registrationId: number }> = {};

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'confhub-certificates-'));
    dir = mkdtempSync(path.join(tmpdir(), 'confhub-certificate-pdf-'));
    process.env.UPLOAD_DIR = root;
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    const { db } = database;
    ended = await plantConference(database, `cert-ended-${backend}`);
    running = await plantConference(database, `cert-running-${backend}`);
    await db
      .update(conference)
      .set({
        startDate: '2025-03-01',
        endDate: '2025-03-03',
        city: { zh: '北京', en: 'Beijing' },
        title: { zh: '高能物理大会', en: 'High Energy Physics Congress' },
      })
      .where(eq(conference.id, ended.conferenceId));
    await db.update(conference).set({ startDate: '2099-03-01', endDate: '2099-03-03' }).where(eq(conference.id, running.conferenceId));
    manager = await plantAccount(database, ended.conferenceId, 'manager');
    runningManager = await plantAccount(database, running.conferenceId, 'manager');
    [{ id: doorList }] = await db
      .insert(checkinList)
      .values({ conferenceId: ended.conferenceId, kind: 'door' })
      .returning({ id: checkinList.id });
    const [{ id: runningDoor }] = await db
      .insert(checkinList)
      .values({ conferenceId: running.conferenceId, kind: 'door' })
      .returning({ id: checkinList.id });
    const plant = async (key: string, fx: ConferenceFixture, name: string, locale: 'zh' | 'en', door: number | null) => {
      const account = await plantAccount(database, fx.conferenceId);
      const [row] = await db
        .insert(conferenceRegistration)
        .values({ conferenceId: fx.conferenceId, userId: account.userId, code: `C-${key}`, answers: { name, unit: '清华大学' }, locale })
        .returning({ id: conferenceRegistration.id });
      if (door) await db.insert(checkin).values({ conferenceId: fx.conferenceId, listId: door, registrationId: row.id, method: 'scan' });
      people[key] = { account, registrationId: row.id };
    };
    await plant('zh', ended, '欧阳娜娜', 'zh', doorList);
    await db.update(userProfile).set({ firstName: 'Nana', lastName: 'Ouyang' }).where(eq(userProfile.userId, people.zh.account.userId));
    await plant('en', ended, 'Tina Ticket', 'en', doorList);
    await plant('absent', ended, '缺席者', 'zh', null);
    await plant('undone', ended, '撤销者', 'zh', doorList);
    await db.update(checkin).set({ undoneAt: new Date() }).where(eq(checkin.registrationId, people.undone.registrationId));
    await plant('early', running, '早到者', 'zh', runningDoor);
    for (const [fx, token] of [
      [ended, manager.token],
      [running, runningManager.token],
    ] as const) {
      const saved = await callHandler(settingsPost, fx, {
        token,
        body: JSON.stringify(TEXT),
        headers: { 'content-type': 'application/json' },
      });
      expect(saved.status).toBe(200);
    }
  });
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  const download = (fx: ConferenceFixture, token: string) =>
    pdfGet(apiRequest('/api/conference/certificate/pdf', { method: 'GET', host: fx.host, token, headers: { 'x-locale': 'en' } }), {
      params: Promise.resolve({}),
    });
  const pdfText = (bytes: Uint8Array, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  };
  const verify = async (fx: ConferenceFixture, code: string) => {
    const res = await verifyGet(
      apiRequest(`/api/conference/certificate/verify?code=${encodeURIComponent(code)}`, { method: 'GET', host: fx.host }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };

  it('refuses an unknown placeholder with a clear message, and takes the signature and seal as images only', async () => {
    const bad = await callHandler(settingsPost, ended, {
      token: manager.token,
      body: JSON.stringify({ ...TEXT, body: { ...TEXT.body, en: '{name} of {affiliation}' } }),
      headers: { 'content-type': 'application/json', 'x-locale': 'en' },
    });
    expect(bad.status).toBe(400);
    expect((bad.json as { fields: Record<string, string> }).fields['body.en']).toMatch(/Unknown placeholder/);
    const upload = (kind: string, fileName: string, data: Uint8Array) =>
      multipart(fileName, data).then((m) =>
        callHandler(imagePost, ended, {
          token: manager.token,
          path: `/api/conference/platform/onsite/certificates/image?kind=${kind}`,
          ...m,
        }),
      );
    expect((await upload('signature', 'signature.png', PNG)).status).toBe(200);
    expect((await upload('seal', 'seal.png', PNG)).status).toBe(200);
    expect((await upload('seal', 'seal.pdf', new TextEncoder().encode('%PDF-1.4'))).json?.error).toBe('UPLOAD_TYPE');
    expect((await upload('seal', 'fake.png', new TextEncoder().encode('not a png at all'))).json?.error).toBe('UPLOAD_TYPE');
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set(PNG);
    expect((await upload('seal', 'huge.png', huge)).json?.error).toBe('CERTIFICATE_IMAGE_TOO_LARGE');
    const participant = await plantAccount(database, ended.conferenceId);
    expect(
      (await callHandler(imagePost, ended, { token: participant.token, path: '/x?kind=seal', ...(await multipart('s.png', PNG)) })).status,
    ).toBe(403);
  });

  it('refuses a participant not checked in, one whose check-in was undone, and anyone before the conference ends', async () => {
    for (const key of ['absent', 'undone']) {
      const res = await download(ended, people[key].account.token);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('CERTIFICATE_NOT_CHECKED_IN');
    }
    const early = await download(running, people.early.account.token);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toBe('CERTIFICATE_NOT_ENDED');
    // The rule itself: the same registration is eligible once the conference is over.
    expect(
      await attendanceEligibility(database.db, { conferenceId: running.conferenceId, registrationId: people.early.registrationId }),
    ).toEqual({
      ok: false,
      reason: 'not-ended',
    });
    const later = await attendanceEligibility(database.db, {
      conferenceId: running.conferenceId,
      registrationId: people.early.registrationId,
      now: new Date('2099-03-05T00:00:00Z'),
    });
    expect(later.ok).toBe(true);
    // Another conference's registration is not this one's.
    expect(
      await attendanceEligibility(database.db, { conferenceId: ended.conferenceId, registrationId: people.early.registrationId }),
    ).toEqual({
      ok: false,
      reason: 'not-registered',
    });
    expect((await mailCertificateCall(running, runningManager.token)).json?.error).toBe('CERTIFICATE_NOT_ENDED');
    const stranger = await plantAccount(database, ended.conferenceId);
    expect((await download(ended, stranger.token)).status).toBe(404);
    expect(await database.db.select().from(certificate).where(eq(certificate.conferenceId, running.conferenceId))).toEqual([]);
  });

  const mailCertificateCall = (fx: ConferenceFixture, token: string) =>
    callHandler(mailPost, fx, { token, body: '{}', headers: { 'content-type': 'application/json' } });

  it('gives a checked-in participant a bilingual PDF with the placeholders filled and a code that verifies', async () => {
    const res = await download(ended, people.zh.account.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await res.arrayBuffer()), 'zh');
    expect(text).toContain('参会证明');
    expect(text).toContain('Certificate of Attendance');
    expect(text).toContain('兹证明 清华大学 的 欧阳娜娜 于 2025年3月1日至3日 在北京参加了 高能物理大会。注册号 C-zh。');
    expect(text).toContain(
      'This is to certify that Nana Ouyang of 清华大学 attended High Energy Physics Congress in Beijing, 1–3 March 2025. Registration no. C-zh.',
    );
    expect(text).toContain('会议主席 张大千');
    expect(text).not.toMatch(/\{(name|conference|dates|organisation|city|code)\}/);
    const [row] = await database.db.select().from(certificate).where(eq(certificate.registrationId, people.zh.registrationId));
    expect(text).toContain(displayCode(row.code));
    expect(text).toContain(`/certificate/verify/${row.code}`);

    // Genuine: the name and the conference, nothing else.
    const genuine = await verify(ended, displayCode(row.code).toLowerCase());
    expect(genuine).toEqual({ valid: true, name: '欧阳娜娜', latinName: 'Nana Ouyang', conference: '高能物理大会' });
    // Altered (one character changed), unknown, malformed, or asked on another conference's site: unknown.
    const altered = row.code.slice(0, -1) + (row.code.endsWith('Z') ? 'Y' : 'Z');
    expect(await verify(ended, altered)).toEqual({ valid: false });
    expect(await verify(ended, newCertificateCode())).toEqual({ valid: false });
    expect(await verify(ended, 'not a code')).toEqual({ valid: false });
    expect(await verify(running, row.code)).toEqual({ valid: false });

    // A second download is the same certificate (the same code).
    await download(ended, people.zh.account.token);
    const rows = await database.db.select().from(certificate).where(eq(certificate.registrationId, people.zh.registrationId));
    expect(rows.map((r) => r.code)).toEqual([row.code]);
  });

  const certificateMails = async (to?: string) =>
    (await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'certificateIssued'))).filter(
      (m) => !to || m.toAddress === to,
    );

  it('mails each eligible participant once, in their language, however many bulk issues run at once', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => mailCertificates(database.db, { conferenceId: ended.conferenceId })));
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(2);
    const mails = await certificateMails();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([people.en.account.email, people.zh.account.email].sort());
    const en = mails.find((m) => m.toAddress === people.en.account.email)!;
    expect(en.locale).toBe('en');
    expect(en.subject).toContain('certificate of attendance');
    expect(en.text).toContain('/en/profile/userInfo');
    const zh = mails.find((m) => m.toAddress === people.zh.account.email)!;
    expect(zh.subject).toContain('参会证明');
    // Run again through the handler: nobody is mailed twice.
    const again = await mailCertificateCall(ended, manager.token);
    expect(again.status).toBe(200);
    expect(again.json?.data).toMatchObject({ queued: 0, already: 2, refused: 0 });
    expect(await certificateMails()).toHaveLength(2);
  });

  it('control: checking first and marking afterwards mails the same person twice when two runs overlap', async () => {
    // The naive way: read who is unmailed, queue, then mark; two runs both read before either marks.
    const naive = async (db: Executor) => {
      const unmailed = await db
        .select({ id: certificate.id })
        .from(certificate)
        .where(and(eq(certificate.registrationId, people.en.registrationId), isNull(certificate.mailedAt)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const row of unmailed) {
        await enqueueMail(db, {
          conferenceId: ended.conferenceId,
          to: people.en.account.email,
          template: 'certificateIssued',
          locale: 'en',
          vars: {},
        });
        await db.update(certificate).set({ mailedAt: new Date() }).where(eq(certificate.id, row.id));
      }
    };
    await database.db.update(certificate).set({ mailedAt: null }).where(eq(certificate.registrationId, people.en.registrationId));
    const before = (await certificateMails(people.en.account.email)).length;
    await Promise.all([naive(database.db), naive(database.db)]);
    expect((await certificateMails(people.en.account.email)).length - before).toBe(2);
  });
});
