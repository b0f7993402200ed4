import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './support/env';
import { E2E } from './support/fixtures-data';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * The door (issue 24 point 3), on a 375 px phone in Chinese and in English, as the demo's check-in staff: a real
 * ticket's QR code shown to Chromium's fake camera is read and checked in with one tap; a registrant found by search is
 * checked in and undone; with the network gone a check-in waits on the phone, shown as pending, and is sent when the
 * network is back, its result shown.
 */
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const STAFF = DEMO_ACCOUNTS.checkinStaff;
const LANGS = [
  {
    prefix: '',
    locale: 'zh-CN',
    holder: E2E.ticketHolders.zh,
    searched: { email: E2E.financePayers.zh, name: '财务测试' },
    camera: '打开摄像头扫码',
    checkIn: '签到',
    undo: '撤销签到',
    done: '签到成功',
    queued: '网络中断',
  },
  {
    prefix: '/en',
    locale: 'en-GB',
    holder: E2E.ticketHolders.en,
    searched: { email: E2E.financePayers.en, name: 'Finance English' },
    camera: 'Scan with the camera',
    checkIn: 'Check in',
    undo: 'Undo check-in',
    done: 'is checked in',
    queued: 'No network',
  },
] as const;

async function signIn(browser: Browser, email: string, password: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale, baseURL: BASE_URL });
  const answer = await context.request.post('/api/base/oauth/localLogin', { data: { email, password } });
  expect(answer.status(), `login as ${email}`).toBe(200);
  return waitForHydrationOnGoto(await context.newPage());
}

/**
 * A Y4M video (what --use-file-for-fake-video-capture plays) of the holder's ticket QR code as /profile draws it: the
 * SVG drawn at 320 px on a white 480×360 canvas in their browser, turned into YUV 4:2:0 planes, a few identical frames.
 */
async function ticketVideo(holder: Page, file: string): Promise<void> {
  await holder.goto('/profile/userInfo');
  const qr = holder.getByTestId('ticket-qr');
  await expect(qr).toBeVisible();
  const planes = await qr.evaluate(async (element) => {
    const svg = element.tagName.toLowerCase() === 'svg' ? element : element.querySelector('svg');
    if (!svg) throw new Error('no svg');
    const [w, h, side] = [480, 360, 320];
    // Drawn at its final size: without a width the SVG would be rasterised at 150 px and then enlarged, its modules
    // uneven (3 or 4 pixels), which the decoder reads only some of the time.
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.removeAttribute('style');
    copy.setAttribute('width', String(side));
    copy.setAttribute('height', String(side));
    const source = new XMLSerializer().serializeToString(copy);
    const image = new Image();
    image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(source)))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, w, h);
    g.imageSmoothingEnabled = false;
    g.drawImage(image, (w - side) / 2, (h - side) / 2, side, side);
    const rgba = g.getImageData(0, 0, w, h).data;
    const y = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) {
      const [r, gg, b] = [rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]];
      y[i] = Math.round(0.299 * r + 0.587 * gg + 0.114 * b);
    }
    let text = '';
    for (const v of y) text += String.fromCharCode(v);
    return btoa(text);
  });
  const [w, h] = [480, 360];
  const luma = Buffer.from(planes, 'base64');
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const frames = Array.from({ length: 10 }, () => Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]));
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
}

for (const lang of LANGS) {
  test(`the camera reads a real ticket and one tap checks its holder in (${lang.locale}, 375 px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'confhub-y4m-'));
    const video = path.join(dir, 'ticket.y4m');
    const holder = await signIn(browser, lang.holder.email, E2E.password, lang.locale);
    await ticketVideo(holder, video);
    await holder.context().close();

    const camera = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const page = await signIn(camera, STAFF.email, STAFF.password, lang.locale);
      await page.context().grantPermissions(['camera'], { origin: BASE_URL });
      const answer = await page.goto(`${lang.prefix}/platform/checkin`);
      // The camera is allowed on the door's screen only.
      expect(answer!.headers()['permissions-policy']).toContain('camera=(self)');
      expect((await page.request.get(`${lang.prefix}/profile/userInfo`)).headers()['permissions-policy']).toContain('camera=()');
      const scan = page.getByRole('button', { name: lang.camera });
      await expect(scan).toBeInViewport();
      await scan.click();
      const card = page.getByTestId('checkin-attendee');
      const name = card.getByTestId('checkin-name');
      // On a loaded runner the decoder has now and then never read the code after the camera started (2 of 9 runs here;
      // each later read went through). What staff would do then — the camera off and on again — is tried once, and
      // what the camera showed is kept with the test's results.
      const read = await name.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      if (!read) {
        const frame = await page.evaluate(() => {
          const video = document.querySelector('video');
          if (!video) return null;
          const canvas = document.createElement('canvas');
          [canvas.width, canvas.height] = [video.videoWidth, video.videoHeight];
          canvas.getContext('2d')?.drawImage(video, 0, 0);
          return { width: video.videoWidth, height: video.videoHeight, ready: video.readyState, png: canvas.toDataURL('image/png') };
        });
        await test.info().attach('camera-frame', { body: JSON.stringify(frame), contentType: 'application/json' });
        await page.getByTestId('checkin-camera').click();
        await page.getByTestId('checkin-camera').click();
      }
      await expect(name).toHaveText(lang.holder.name, { timeout: 20_000 });
      const tap = card.getByRole('button', { name: lang.checkIn, exact: true });
      await expect(tap).toBeInViewport();
      await tap.click();
      await expect(page.getByTestId('checkin-note')).toContainText(lang.done);
      await expect(card.getByRole('button', { name: lang.undo })).toBeVisible();
      // The card shows no email, phone or token.
      expect(await card.innerText()).not.toContain('@');
    } finally {
      await camera.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(`search, check in, undo, and the offline queue replayed (${lang.locale}, 375 px)`, async ({ browser }) => {
    const page = await signIn(browser, STAFF.email, STAFF.password, lang.locale);
    await page.goto(`${lang.prefix}/platform/checkin`);
    await page.getByTestId('checkin-search').fill(lang.searched.name);
    await page.getByTestId('checkin-search-submit').click();
    const result = page.getByTestId('checkin-result').filter({ hasText: lang.searched.name });
    await expect(result).toHaveCount(1);
    expect(await result.innerText()).not.toContain(lang.searched.email);
    const tap = result.getByRole('button', { name: lang.checkIn, exact: true });
    await expect(tap).toBeInViewport();
    await tap.click();
    await expect(page.getByTestId('checkin-note')).toContainText(lang.done);
    // Checked in by this desk: the card confirms it, without the "already checked in" warning meant for a second scan.
    await expect(result.getByTestId('checkin-confirmed')).toBeVisible();
    await expect(result.getByTestId('checkin-warning')).toHaveCount(0);
    const undo = result.getByRole('button', { name: lang.undo });
    await expect(undo).toBeInViewport();
    await undo.click();
    await expect(result.getByRole('button', { name: lang.checkIn, exact: true })).toBeVisible();

    // The network goes: the tap is kept on the phone and shown as waiting.
    await page.context().setOffline(true);
    await result.getByRole('button', { name: lang.checkIn, exact: true }).click();
    await expect(page.getByTestId('checkin-note')).toContainText(lang.queued);
    await expect(page.getByTestId('checkin-pending-item')).toHaveCount(1);
    expect(await page.evaluate(() => window.localStorage.getItem('confhub-checkin-queue'))).toContain('clientId');
    // Back: it is sent once, and its result shown.
    await page.context().setOffline(false);
    await expect(page.getByTestId('checkin-pending-item')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId('checkin-replayed').first()).toContainText(lang.done);
    // The card and the note follow: checked in, nothing left of the offline moment.
    await expect(result.getByRole('button', { name: lang.undo })).toBeVisible();
    await expect(page.getByTestId('checkin-note')).toContainText(lang.done);
    // Undo, so the next run finds the registrant as before.
    await page.getByTestId('checkin-search-submit').click();
    await result.getByRole('button', { name: lang.undo }).click();
    await expect(result.getByRole('button', { name: lang.checkIn, exact: true })).toBeVisible();
    await page.context().close();
  });
}

test('contact search: off, an email fragment finds nobody; the organiser turns it on, and the door shows the address', async ({
  browser,
}) => {
  const fragment = E2E.financePayers.zh.split('@')[0];
  const staff = await signIn(browser, STAFF.email, STAFF.password, 'zh-CN');
  const search = async () => {
    await staff.goto('/platform/checkin');
    await staff.getByTestId('checkin-search').fill(fragment);
    await staff.getByTestId('checkin-search-submit').click();
  };
  await search();
  await expect(staff.getByText('没有找到匹配的参会人。')).toBeVisible();
  await expect(staff.getByTestId('checkin-search')).toHaveAccessibleDescription('姓名、注册号或单位');

  const organiser = await signIn(browser, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, 'zh-CN');
  await organiser.goto('/platform/manage/checkin');
  const toggle = organiser.getByRole('switch', { name: '也可按邮箱和手机号搜索' });
  await expect(toggle).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  try {
    await search();
    await expect(staff.getByTestId('checkin-search')).toHaveAccessibleDescription('姓名、注册号、单位、邮箱或手机号');
    const found = staff.getByTestId('checkin-result');
    await expect(found).toHaveCount(1);
    await expect(found.getByTestId('checkin-contact')).toHaveText(`邮箱：${E2E.financePayers.zh}`);
  } finally {
    // Off again, as the demo had it: the other door tests search by name only.
    await organiser.reload();
    const again = organiser.getByRole('switch', { name: '也可按邮箱和手机号搜索' });
    if (await again.isChecked()) await again.click();
    await expect(again).not.toBeChecked();
  }
  await search();
  await expect(staff.getByText('没有找到匹配的参会人。')).toBeVisible();
  await staff.context().close();
  await organiser.context().close();
});

test('the organiser sees the live counts on the overview and downloads the check-ins as xlsx', async ({ browser }) => {
  const page = await signIn(browser, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, 'zh-CN');
  await page.goto('/platform');
  const counts = page.getByTestId('checkin-counts');
  await expect(counts.getByTestId('checkin-count').first()).toContainText('会场入口');
  await expect(counts.getByTestId('checkin-count-value').first()).toHaveText(/^\d+ \/ \d+$/);
  const xlsx = await page.request.get('/api/conference/manage/checkin/export');
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
  await page.context().close();
});
