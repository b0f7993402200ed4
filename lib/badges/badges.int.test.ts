import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceMember, conferenceRegistration, programmeContribution, programmeSession, userProfile } from '@/db/schema';
import { GET as badgePdfGet } from '@/app/api/conference/platform/onsite/badges/pdf/route';
import { POST as badgeSettingsPost } from '@/app/api/conference/platform/onsite/badges/route';
import { GET as badgePreviewGet } from '@/app/api/conference/platform/onsite/badges/preview/route';
import { cjkFonts } from '@/lib/pdf/cjk-fonts.mjs';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { callHandler, plantAccount, plantConference, type Account, type ConferenceFixture } from '@/testing/harness/conference';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import { A4, MARK_LENGTH, MARK_OFFSET, fitText, planBadge, sheetSlots, type BadgeText } from './badge-layout.mjs';
import { badgePreview } from './badge-pdf';
import { badgeNames, badgePeople } from './badge-people';
import { CHECKIN_ROLE as STAFF_MEMBER_ROLE } from '@/lib/onsite/staff';
import { DEFAULT_BADGE_SETTINGS } from './settings-schema';

/** A pdfkit document with the badges' fonts, for measuring as the worker does. */
function measuringDoc() {
  const fonts = cjkFonts();
  const doc = new PDFDocument({ autoFirstPage: false });
  doc.registerFont('badge-regular', fonts.regular as never);
  doc.registerFont('badge-bold', fonts.bold as never);
  return doc;
}
const FONTS = { regular: 'badge-regular', bold: 'badge-bold' };

const LONG_ORG =
  'Department of Theoretical and Experimental Astroparticle Physics, Institute of High Energy Physics, Chinese Academy of Sciences, Beijing';

function badge(over: Partial<BadgeText> = {}): BadgeText {
  return {
    conference: '第十二届国际高能物理与宇宙线学术研讨会',
    name: '欧阳娜娜',
    latinName: 'Ouyang Nana',
    organisation: '中国科学院高能物理研究所',
    country: '中国 China',
    role: '报告人 Speaker',
    codeLabel: '注册号',
    code: 'HEP-0042',
    token: 'token-for-the-qr-code',
    colour: '#1c7ed6',
    ...over,
  };
}

describe('badge layout math', () => {
  it('places two badges side by side on a landscape A4 sheet, with room for the cutting marks', () => {
    for (const size of ['A6', 'A7'] as const) {
      const { page, badge: one, slots } = sheetSlots({ size, perSheet: 2 });
      expect(page).toEqual({ width: A4.height, height: A4.width });
      expect(slots).toHaveLength(2);
      const [a, b] = slots;
      expect(a.y).toBe(b.y);
      // Each badge (with its marks) lies inside the sheet; the two do not touch, and their marks do not cross.
      for (const s of slots) {
        expect(s.x - MARK_OFFSET - MARK_LENGTH).toBeGreaterThanOrEqual(0);
        expect(s.y - MARK_OFFSET - MARK_LENGTH).toBeGreaterThanOrEqual(0);
        expect(s.x + s.width + MARK_OFFSET + MARK_LENGTH).toBeLessThanOrEqual(page.width);
        expect(s.y + s.height + MARK_OFFSET + MARK_LENGTH).toBeLessThanOrEqual(page.height);
      }
      expect(b.x - (a.x + a.width)).toBeGreaterThanOrEqual(2 * MARK_OFFSET);
      // ISO sizes: A6 is 105 × 148 mm, A7 74 × 105 mm.
      expect(one.width / (72 / 25.4)).toBeCloseTo(size === 'A6' ? 105 : 74, 5);
      expect(one.height / (72 / 25.4)).toBeCloseTo(size === 'A6' ? 148 : 105, 5);
      // Centred.
      expect(a.x).toBeCloseTo(page.width - (b.x + b.width), 5);
    }
    const single = sheetSlots({ size: 'A6', perSheet: 1 });
    expect(single.page).toEqual(A4);
    expect(single.slots).toHaveLength(1);
    expect(single.slots[0].x).toBeCloseTo((A4.width - single.slots[0].width) / 2, 5);
  });

  it('shrinks a long name to fit, then wraps it, and never lets a line overflow', () => {
    const doc = measuringDoc();
    const short = fitText(doc, { text: '李雷', font: FONTS.bold, maxSize: 30, minSize: 9, width: 250, maxLines: 2 });
    expect(short).toEqual({ size: 30, lines: ['李雷'], truncated: false });
    const long = fitText(doc, {
      text: 'Maximilian Alexander von Hohenzollern-Sigmaringen',
      font: FONTS.bold,
      maxSize: 30,
      minSize: 9,
      width: 250,
      maxLines: 2,
    });
    expect(long.size).toBeLessThan(30);
    expect(long.truncated).toBe(false);
    for (const line of long.lines) expect(doc.font(FONTS.bold).fontSize(long.size).widthOfString(line)).toBeLessThanOrEqual(250);
    const organisation = fitText(doc, { text: LONG_ORG, font: FONTS.regular, maxSize: 12, minSize: 6, width: 160, maxLines: 2 });
    expect(organisation.lines.length).toBeLessThanOrEqual(2);
    expect(organisation.size).toBeLessThan(12);
    for (const line of organisation.lines)
      expect(doc.font(FONTS.regular).fontSize(organisation.size).widthOfString(line)).toBeLessThanOrEqual(160);
    // Chinese breaks between characters.
    const chinese = fitText(doc, {
      text: '中国科学院高能物理研究所粒子天体物理中心宇宙线与高能天体物理研究部',
      font: FONTS.regular,
      maxSize: 12,
      minSize: 6,
      width: 120,
      maxLines: 2,
    });
    expect(chinese.lines.length).toBeLessThanOrEqual(2);
    for (const line of chinese.lines) expect(doc.font(FONTS.regular).fontSize(chinese.size).widthOfString(line)).toBeLessThanOrEqual(120);
  });

  it('keeps every text of a badge inside it, between the bands and above the QR code, on A6 and A7', () => {
    const doc = measuringDoc();
    for (const size of ['A6', 'A7'] as const) {
      for (const b of [
        badge(),
        badge({ name: 'Maximilian Alexander Wolfgang von Hohenzollern-Sigmaringen', latinName: '', organisation: LONG_ORG }),
      ]) {
        const plan = planBadge(doc, b, { size, show: DEFAULT_BADGE_SETTINGS.show }, FONTS);
        const qr = plan.items.find((i) => i.type === 'qr')!;
        expect(qr).toBeDefined();
        for (const item of plan.items) {
          if (item.type !== 'text') continue;
          doc.font(item.font === 'bold' ? FONTS.bold : FONTS.regular).fontSize(item.size);
          const width = doc.widthOfString(item.text);
          expect(width, `${size} ${item.role} "${item.text}" fits`).toBeLessThanOrEqual(item.width + 0.01);
          expect(item.x).toBeGreaterThanOrEqual(0);
          expect(item.x + item.width).toBeLessThanOrEqual(plan.width);
          const bottom = item.y + doc.currentLineHeight(true);
          expect(bottom).toBeLessThanOrEqual(plan.height + 0.01);
          if (['name', 'latinName', 'organisation', 'country'].includes(item.role)) {
            expect(bottom, `${size} ${item.role} stays above the QR code`).toBeLessThanOrEqual(qr.y + 0.01);
          }
        }
        const name = plan.items.filter((i) => i.type === 'text' && i.role === 'name');
        expect(name.map((i) => (i.type === 'text' ? i.text : '')).join('')).toContain(b.name.split(' ')[0]);
      }
    }
  });

  it('writes the name in its script and in Latin letters with the one formatter', () => {
    expect(badgeNames({ registered: '张三', profile: { family: 'Zhang', given: 'San', middle: '' }, account: 'x' })).toEqual({
      name: '张三',
      latinName: 'San Zhang',
    });
    expect(badgeNames({ registered: 'Anna Müller', profile: { family: '', given: '', middle: '' }, account: 'Anna Müller' })).toEqual({
      name: 'Anna Müller',
      latinName: '',
    });
    expect(badgeNames({ registered: 'Zhang San', profile: { family: '张', given: '三', middle: '' }, account: '' })).toEqual({
      name: '张三',
      latinName: 'Zhang San',
    });
  });
});

describe.each(testBackends())('badge PDFs on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let other: ConferenceFixture;
  let manager: Account;
  let dir: string;
  const registrations: Record<string, number> = {};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'confhub-badges-'));
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `badges-${backend}`);
    other = await plantConference(database, `badges-other-${backend}`);
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    const { db } = database;
    const people = [
      { key: 'zh', name: '欧阳娜娜', unit: '清华大学', profile: { firstName: 'Nana', lastName: 'Ouyang' } },
      { key: 'en', name: 'Maximilian Alexander von Hohenzollern-Sigmaringen', unit: LONG_ORG, profile: null },
      { key: 'speaker', name: '李雷', unit: '北京大学', profile: null },
      { key: 'chair', name: '韩梅梅', unit: '复旦大学', profile: null },
      { key: 'staff', name: '王芳', unit: '会务组', profile: null },
    ];
    const accounts: Record<string, Account> = {};
    for (const [i, p] of people.entries()) {
      const account = await plantAccount(database, fx.conferenceId);
      accounts[p.key] = account;
      const [row] = await db
        .insert(conferenceRegistration)
        .values({
          conferenceId: fx.conferenceId,
          userId: account.userId,
          code: `BDG-${String(i + 1).padStart(4, '0')}`,
          answers: { name: p.name, unit: p.unit, country: 'CN', email: account.email },
        })
        .returning({ id: conferenceRegistration.id });
      registrations[p.key] = row.id;
      if (p.profile) await db.update(userProfile).set(p.profile).where(eq(userProfile.userId, account.userId));
    }
    // The manager registered too: their badge says organiser.
    const [own] = await db
      .insert(conferenceRegistration)
      .values({ conferenceId: fx.conferenceId, userId: manager.userId, code: 'BDG-0099', answers: { name: '组织者', unit: '会务组' } })
      .returning({ id: conferenceRegistration.id });
    registrations.manager = own.id;
    const [session] = await db
      .insert(programmeSession)
      .values({
        conferenceId: fx.conferenceId,
        title: { zh: '开幕', en: 'Opening' },
        type: 'plenary',
        durationMinutes: 60,
        chairs: [{ name: { zh: '韩梅梅', en: 'Han Meimei' }, affiliation: { zh: '', en: '' }, email: accounts.chair.email.toUpperCase() }],
      })
      .returning({ id: programmeSession.id });
    await db.insert(programmeContribution).values({
      conferenceId: fx.conferenceId,
      sessionId: session.id,
      kind: 'keynote',
      code: 'K1',
      title: { zh: '主旨报告', en: 'Keynote' },
      speakers: [{ name: { zh: '李雷', en: 'Li Lei' }, affiliation: { zh: '', en: '' }, email: accounts.speaker.email }],
    });
    await db.insert(conferenceMember).values({ conferenceId: fx.conferenceId, userId: accounts.staff.userId, role: STAFF_MEMBER_ROLE });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const pdfText = (bytes: Uint8Array, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  };
  const pages = (bytes: Uint8Array, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { count: Number(/Pages:\s+(\d+)/.exec(info)![1]), size: /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!.slice(1).map(Number) };
  };
  const print = (search: string, token = manager.token) =>
    badgePdfGet(apiRequest(`/api/conference/platform/onsite/badges/pdf${search}`, { method: 'GET', host: fx.host, token }), {
      params: Promise.resolve({}),
    });

  it('prints everyone with names in both scripts, organisation, role and registration number, two per landscape sheet', async () => {
    const res = await print('?lang=en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = pdfText(bytes, 'all');
    for (const code of ['BDG-0001', 'BDG-0002', 'BDG-0003', 'BDG-0004', 'BDG-0005', 'BDG-0099']) expect(text).toContain(code);
    expect(text).toContain('欧阳娜娜');
    expect(text).toContain('Nana Ouyang');
    expect(text).toContain('清华大学');
    expect(text.replace(/\s+/g, ' ')).toContain('Hohenzollern');
    for (const role of ['报告人 Speaker', '主持人 Chair', '工作人员 Staff', '组织者 Organiser', '参会代表 Participant'])
      expect(text).toContain(role);
    const { count, size } = pages(bytes, 'all');
    expect(count).toBe(3);
    expect(size[0]).toBeGreaterThan(size[1]);
  });

  it('prints one person, or the registrant list’s filter, with the saved layout', async () => {
    const saved = await callHandler(badgeSettingsPost, fx, {
      token: manager.token,
      body: JSON.stringify({
        ...DEFAULT_BADGE_SETTINGS,
        size: 'A7',
        perSheet: 1,
        labels: 'en',
        colours: [{ feeId: fx.feeId, colour: '#E03131' }],
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(saved.status).toBe(200);
    const one = await print(`?registrationId=${registrations.zh}`);
    expect(one.status).toBe(200);
    const bytes = new Uint8Array(await one.arrayBuffer());
    const text = pdfText(bytes, 'one');
    expect(text).toContain('欧阳娜娜');
    expect(text).toContain('Participant');
    expect(text).not.toContain('参会代表');
    expect(text).not.toContain('李雷');
    expect(pages(bytes, 'one')).toEqual({ count: 1, size: [595.28, 841.89] });
    const filtered = pdfText(new Uint8Array(await (await print('?q=北京大学')).arrayBuffer()), 'filtered');
    expect(filtered).toContain('李雷');
    expect(filtered).toContain('Speaker');
    expect(filtered).not.toContain('欧阳娜娜');
  });

  it('refuses a colour for another conference’s fee, a registration of another conference, and non-managers', async () => {
    const bad = await callHandler(badgeSettingsPost, fx, {
      token: manager.token,
      body: JSON.stringify({ ...DEFAULT_BADGE_SETTINGS, colours: [{ feeId: other.feeId, colour: '#e03131' }] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const badColour = await callHandler(badgeSettingsPost, fx, {
      token: manager.token,
      body: JSON.stringify({ ...DEFAULT_BADGE_SETTINGS, defaultColour: 'red' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(badColour.status).toBe(400);
    const foreign = await print(`?registrationId=${registrations.zh}`).then(() =>
      badgePdfGet(
        apiRequest(`/api/conference/platform/onsite/badges/pdf?registrationId=${registrations.zh}`, {
          method: 'GET',
          host: other.host,
          token: manager.token,
        }),
        {
          params: Promise.resolve({}),
        },
      ),
    );
    expect(foreign.status).toBe(403);
    const otherManager = await plantAccount(database, other.conferenceId, 'manager');
    const none = await badgePdfGet(
      apiRequest(`/api/conference/platform/onsite/badges/pdf?registrationId=${registrations.zh}`, {
        method: 'GET',
        host: other.host,
        token: otherManager.token,
      }),
      { params: Promise.resolve({}) },
    );
    expect(none.status).toBe(404);
    const participant = await plantAccount(database, fx.conferenceId);
    expect((await print('', participant.token)).status).toBe(403);
  });

  it('previews one sample badge: its PDF, and the plan the settings page draws', async () => {
    const res = await badgePreviewGet(
      apiRequest('/api/conference/platform/onsite/badges/preview', { method: 'GET', host: fx.host, token: manager.token }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(res.status).toBe(200);
    const text = pdfText(new Uint8Array(await res.arrayBuffer()), 'preview');
    expect(text).toContain('欧阳明远');
    const { plan } = await badgePreview(database.db, {
      conferenceId: fx.conferenceId,
      settings: DEFAULT_BADGE_SETTINGS,
      locale: 'zh',
      account: 'test',
    });
    expect(plan.items.some((i) => i.type === 'text' && i.text === '欧阳明远')).toBe(true);
    expect(plan.items.some((i) => i.type === 'qr')).toBe(true);
  });
  it('finds a chair without an email by name: 欧阳娜娜 chairs a session typed without her address', async () => {
    const roleOf = async () =>
      (
        await badgePeople(database.db, {
          conferenceId: fx.conferenceId,
          timeZone: 'Asia/Shanghai',
          selection: { registrationId: registrations.zh },
          limit: 1,
        })
      )[0].role;
    expect(await roleOf()).toBe('participant');
    const [session] = await database.db
      .insert(programmeSession)
      .values({
        conferenceId: fx.conferenceId,
        title: { zh: '分会', en: 'Session' },
        type: 'parallel',
        durationMinutes: 60,
        chairs: [{ name: { zh: '欧阳娜娜', en: 'Ouyang Nana' }, affiliation: { zh: '', en: '' }, email: '' }],
      })
      .returning({ id: programmeSession.id });
    try {
      expect(await roleOf()).toBe('chair');
    } finally {
      await database.db.delete(programmeSession).where(eq(programmeSession.id, session.id));
    }
  });
});
