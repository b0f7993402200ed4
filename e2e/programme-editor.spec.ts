import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { expectNoSerious } from './support/axe';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { answerConfirm, confirmDialog } from './support/helpers';
import { PROGRAMME_E2E } from './support/programme-editor-data';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * The timetable editor (issue 23 point 2) in a real browser, on conferences of its own (e2e/seed-programme-editor.ts), in
 * each language. On a wide screen the organiser adds two rooms and a day through the forms, adds a session and DRAGS
 * it into a day × room slot, adds the accepted submissions and drags one into it; places a second session and moves
 * a talk into it through the keyboard-and-form way ("Move…"), so the shared author is in two places at once and the
 * warning appears; then drags a talk above it within the session, and the warning goes. On a 375 px phone the day is
 * a chronological list; a break placed over the session through the form brings a room warning that moving it away
 * clears. axe on each state. Then the organiser gives the first session a description and two chairs, adds an invited
 * talk with two speakers and changes its title and speakers afterwards, publishes, and the public /programme shows the
 * chairs and the talk's new title.
 */

type Lang = { prefix: '' | '/en'; locale: string; key: 'zh' | 'en' };
const LANGS: Lang[] = [
  { prefix: '', locale: 'zh-CN', key: 'zh' },
  { prefix: '/en', locale: 'en-GB', key: 'en' },
];

async function open(browser: Browser, slug: string, lang: Lang, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: hostUrl(slug, ''), locale: lang.locale, ...options });
  const page = waitForHydrationOnGoto(await context.newPage());
  // The login form (as e2e/support/helpers.ts `login`), waiting longer for the landing page on a busy machine.
  await page.goto(`${lang.prefix}/conferencelogin`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(PROGRAMME_E2E.manager);
  await form.locator('input[name="password"]').fill(E2E.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.includes('conferencelogin'), { timeout: 60_000 });
  await page.goto(`${lang.prefix}/platform/programme`);
  return page;
}

/** The number at the end of the first matching element's test id. */
async function idIn(locator: Locator): Promise<number> {
  const testId = await locator.first().getAttribute('data-testid');
  return Number(/(\d+)$/.exec(testId ?? '')?.[1]);
}

/** A pointer drag in small steps, as dnd-kit's pointer sensor needs (it starts after a few pixels of movement). */
async function drag(page: Page, from: Locator, to: Locator) {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: b.x + b.width / 2, y: b.y + Math.min(b.height / 2, 8) };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 8, start.y + 8, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 8 });
  await page.mouse.move(end.x, end.y + 1, { steps: 2 });
  await page.mouse.up();
}

async function addRoom(page: Page, lang: Lang, zh: string, en: string) {
  await page.getByTestId('room-new-name-zh').fill(zh);
  await page.getByTestId('room-new-name-en').fill(en);
  await page.getByTestId('room-new-capacity').fill('120');
  await page.getByTestId('room-new-save').click();
  await expect(page.getByTestId('rooms-list')).toContainText(lang.key === 'zh' ? zh : en);
  await expect(page.getByTestId('room-new-name-zh')).toHaveValue('');
}

/** Fills one person row of a chairs or speakers list (components/programme/editor/people-rows.tsx). */
async function fillPerson(
  form: Locator,
  row: string,
  person: { zh: string; en: string; affiliation?: { zh: string; en: string }; email?: string },
) {
  await form.getByTestId(`${row}-name-zh`).fill(person.zh);
  await form.getByTestId(`${row}-name-en`).fill(person.en);
  if (person.affiliation) {
    await form.getByTestId(`${row}-affiliation-zh`).fill(person.affiliation.zh);
    await form.getByTestId(`${row}-affiliation-en`).fill(person.affiliation.en);
  }
  if (person.email !== undefined) await form.getByTestId(`${row}-email`).fill(person.email);
}

async function addSession(page: Page, lang: Lang, zh: string, en: string) {
  await page.getByTestId('session-add').click();
  const form = page.getByTestId('session-form');
  await form.getByTestId('session-title-zh').fill(zh);
  await form.getByTestId('session-title-en').fill(en);
  await form.getByTestId('session-duration').fill('60');
  await form.getByTestId('session-save').click();
  await expect(form).toBeHidden();
  const item = page.getByTestId('unplaced-sessions').locator('li', { hasText: lang.key === 'zh' ? zh : en });
  await expect(item).toBeVisible();
  return idIn(item);
}

for (const lang of LANGS) {
  test(`${lang.key}: builds a small timetable by dragging and by the Move… forms, with a conflict warning that appears and goes`, async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const page = await open(browser, PROGRAMME_E2E.build[lang.key], lang, { viewport: { width: 1440, height: 1400 } });
    await expect(page.getByTestId('programme-draft-note')).toBeVisible();
    await expect(page.getByTestId('programme-header-actions')).toBeAttached();
    await expect(page.getByTestId('programme-setup-first')).toBeVisible();

    // Rooms and the day, through the forms of the second tab.
    await page.getByTestId('tab-setup').click();
    await addRoom(page, lang, '甲厅', 'Hall A');
    await addRoom(page, lang, '乙厅', 'Hall B');
    await expect(page.getByTestId('rooms-list').locator('li')).toHaveCount(2);
    await page.getByTestId('day-new-date').fill(PROGRAMME_E2E.day);
    await page.getByTestId('day-new-title-zh').fill('第一天');
    await page.getByTestId('day-new-title-en').fill('Day 1');
    await page.getByTestId('day-new-save').click();
    await expect(page.getByTestId('days-list')).toContainText(PROGRAMME_E2E.day);
    await expectNoSerious(page, `${lang.key} rooms and days`, { withoutNotifications: true });

    await page.getByTestId('tab-timetable').click();
    await expect(page.getByTestId('programme-grid')).toBeVisible();
    const [roomA, roomB] = [
      await idIn(page.locator('[data-testid^="room-head-"]').nth(0)),
      await idIn(page.locator('[data-testid^="room-head-"]').nth(1)),
    ];

    // A session dragged into Hall A at 09:00.
    const first = await addSession(page, lang, '光子学', 'Photonics');
    await drag(page, page.getByTestId(`drag-session-${first}`), page.getByTestId(`slot-${roomA}-0900`));
    const firstCard = page.getByTestId(`grid-session-${first}`);
    await expect(firstCard).toContainText('09:00–10:00');
    await expect(page.getByTestId(`unplaced-session-${first}`)).toHaveCount(0);

    // The accepted submissions join the programme, coded from the theme prefix; one is dragged into the session.
    await page.getByTestId('add-all-submissions').click();
    const unplaced = page.getByTestId('unplaced-contributions');
    await expect(unplaced.locator('li')).toHaveCount(3);
    const codeId = (code: string) => idIn(unplaced.locator('li', { hasText: code }));
    const [c1, c2, c3] = [await codeId('QO-01'), await codeId('QO-02'), await codeId('QO-03')];
    await drag(page, page.getByTestId(`drag-contribution-${c1}`), firstCard);
    await expect(page.getByTestId('session-panel')).toContainText('QO-01');
    await expect(firstCard).toContainText(lang.key === 'zh' ? '1 个报告' : '1 contribution');

    // A second session placed by the form (keyboard), in Hall B at the same time; the co-authored talk moved into
    // it by its Move… form: the shared author is in two places at once.
    const second = await addSession(page, lang, '量子信息', 'Quantum information');
    await page.getByTestId(`place-session-${second}`).click();
    const place = page.getByTestId('place-form');
    await place.getByTestId('place-room').selectOption(String(roomB));
    await place.getByTestId('place-start').fill('09:00');
    await place.getByTestId('place-save').click();
    await expect(place).toBeHidden();
    await expect(page.getByTestId(`grid-session-${second}`)).toContainText('09:00–10:00');
    await expect(page.getByTestId('programme-no-conflicts')).toBeVisible();

    await page.getByTestId(`move-contribution-${c2}`).click();
    const move = page.getByTestId('move-form');
    await move.getByTestId('move-session').selectOption(String(second));
    await move.getByTestId('move-position').fill('1');
    await move.getByTestId('move-save').click();
    await expect(move).toBeHidden();
    const warning = page.getByTestId('conflict-person');
    await expect(warning).toHaveCount(1);
    await expect(warning).toContainText('Mei Chen');
    await expect(page.getByTestId(`session-warning-${first}`)).toBeVisible();
    await expect(page.getByTestId(`session-warning-${second}`)).toBeVisible();
    await expectNoSerious(page, `${lang.key} timetable with a conflict`, { withoutNotifications: true });
    // Publishing names the open warning before anything goes out (asked on another tab; not published).
    const versions = waitForHydrationOnGoto(await page.context().newPage());
    await versions.goto(`${lang.prefix}/platform/programme/versions`);
    await expect(versions.getByTestId('publish-warnings')).toBeVisible();
    await versions.getByTestId('programme-publish').click();
    await expect(confirmDialog(versions)).toContainText(lang.key === 'zh' ? '还有 1 条未解决的警告' : '1 warning is still open');
    await answerConfirm(versions, 'cancel');
    await versions.close();

    // The other talk dragged onto the second session, then moved above the co-authored one by its form: it now starts at
    // 09:15, after the first talk ends, and the warning goes.
    await drag(page, page.getByTestId(`drag-contribution-${c3}`), page.getByTestId(`grid-session-${second}`));
    const panel = page.getByTestId('session-panel');
    await expect(panel.locator('li')).toHaveCount(2);
    await expect(panel.getByTestId(`session-contribution-${c2}`)).toContainText('09:00–09:15');
    // Reordering within a session by dragging does not take yet (known gap, docs/features.md): the Move… form does it.
    await panel.getByTestId(`move-contribution-${c3}`).click();
    await move.getByTestId('move-session').selectOption(String(second));
    await move.getByTestId('move-position').fill('1');
    await move.getByTestId('move-save').click();
    await expect(move).toBeHidden();
    await expect(panel.getByTestId(`session-contribution-${c3}`)).toContainText('1. 09:00–09:15');
    await expect(panel.getByTestId(`session-contribution-${c2}`)).toContainText('2. 09:15–09:30');
    await expect(page.getByTestId('conflict-person')).toHaveCount(0);
    await expect(page.getByTestId('programme-no-conflicts')).toBeVisible();
    await expect(page.getByTestId(`session-warning-${first}`)).toHaveCount(0);
    await expectNoSerious(page, `${lang.key} timetable without conflicts`, { withoutNotifications: true });

    // What the editor built is the draft the server keeps.
    await page.reload();
    await expect(page.getByTestId(`grid-session-${first}`)).toContainText('09:00–10:00');
    await expect(page.getByTestId(`grid-session-${second}`)).toContainText(lang.key === 'zh' ? '2 个报告' : '2 contributions');

    // The first session's description and two chairs, through its form; a bad email is refused on its own field.
    await page.getByTestId(`open-session-${first}`).click();
    await page.getByTestId('panel-edit').click();
    const sessionForm = page.getByTestId('session-form');
    await sessionForm.getByTestId('session-description-zh').fill('光子学前沿进展');
    await sessionForm.getByTestId('session-description-en').fill('Frontiers of photonics');
    await sessionForm.getByTestId('session-chair-add').click();
    await sessionForm.getByTestId('session-chair-add').click();
    await fillPerson(sessionForm, 'session-chair-0', {
      zh: '张伟',
      en: 'Zhang Wei',
      affiliation: { zh: '清华大学', en: 'Tsinghua University' },
      email: 'not-an-email',
    });
    await fillPerson(sessionForm, 'session-chair-1', { zh: '罗西', en: 'Maria Rossi' });
    await sessionForm.getByTestId('session-save').click();
    await expect(sessionForm.getByTestId('session-chair-0-email')).toHaveAttribute('aria-invalid', 'true');
    await sessionForm.getByTestId('session-chair-0-email').fill('zhang.wei@confhub.test');
    await expectNoSerious(page, `${lang.key} session form with two chairs`);
    await sessionForm.getByTestId('session-save').click();
    await expect(sessionForm).toBeHidden();
    await page.getByTestId('panel-edit').click();
    await expect(sessionForm.getByTestId('session-chair-1-name-en')).toHaveValue('Maria Rossi');
    await expect(sessionForm.getByTestId('session-chair-0-email')).toHaveValue('zhang.wei@confhub.test');
    await page.keyboard.press('Escape');
    await expect(sessionForm).toBeHidden();

    // An invited talk with two speakers, added by hand; then its title and speakers changed from its settings.
    await page.getByTestId('hand-add').click();
    const hand = page.getByTestId('hand-form');
    await hand.getByTestId('hand-kind').selectOption('invited');
    await hand.getByTestId('hand-title-zh').fill('激光特邀报告');
    await hand.getByTestId('hand-title-en').fill('Invited talk on lasers');
    await fillPerson(hand, 'hand-speaker-0', { zh: '李娜', en: 'Li Na' });
    await hand.getByTestId('hand-speaker-add').click();
    await fillPerson(hand, 'hand-speaker-1', { zh: '王芳', en: 'Wang Fang', affiliation: { zh: '复旦大学', en: 'Fudan University' } });
    await hand.getByTestId('hand-duration').fill('20');
    await hand.getByTestId('hand-save').click();
    await expect(hand).toBeHidden();
    const handItem = unplaced.locator('li', { hasText: lang.key === 'zh' ? '激光特邀报告' : 'Invited talk on lasers' });
    await expect(handItem).toBeVisible();
    const talk = await idIn(handItem);
    await page.getByTestId(`edit-contribution-${talk}`).click();
    await page.getByTestId('contribution-form').getByTestId('contribution-edit-text').click();
    await expect(hand.getByTestId('hand-title-en')).toHaveValue('Invited talk on lasers');
    await expect(hand.getByTestId('hand-speaker-1-name-en')).toHaveValue('Wang Fang');
    await hand.getByTestId('hand-title-zh').fill('超快激光');
    await hand.getByTestId('hand-title-en').fill('Ultrafast lasers');
    await hand.getByTestId('hand-speaker-0-remove').click();
    await expect(hand.getByTestId('hand-speaker-0-name-en')).toHaveValue('Wang Fang');
    await hand.getByTestId('hand-speaker-add').click();
    await fillPerson(hand, 'hand-speaker-1', { zh: '陈静', en: 'Chen Jing' });
    await expectNoSerious(page, `${lang.key} hand-added talk's text form`);
    await hand.getByTestId('hand-save').click();
    await expect(hand).toBeHidden();
    const edited = page.getByTestId(`unplaced-contribution-${talk}`);
    await expect(edited).toContainText(lang.key === 'zh' ? '超快激光' : 'Ultrafast lasers');
    await expect(edited).toContainText('王芳');

    // Into the first session, published: the public programme shows the chairs and the talk's new title.
    await page.getByTestId(`move-contribution-${talk}`).click();
    await move.getByTestId('move-session').selectOption(String(first));
    await move.getByTestId('move-save').click();
    await expect(move).toBeHidden();
    await page.goto(`${lang.prefix}/platform/programme/versions`);
    await page.getByTestId('programme-publish').click();
    await answerConfirm(page);
    await expect(page.locator('[data-version="1"]')).toBeVisible();
    await page.goto(`${lang.prefix}/programme`);
    const chairs = page.getByTestId('programme-session-chairs');
    await expect(chairs).toHaveCount(1);
    await expect(chairs).toContainText(lang.key === 'zh' ? '张伟、罗西' : 'Zhang Wei, Maria Rossi');
    await expect(
      page.locator('[data-testid="programme-contribution"]', { hasText: lang.key === 'zh' ? '超快激光' : 'Ultrafast lasers' }),
    ).toBeVisible();
    await page.context().close();
  });

  test(`${lang.key}: on a 375 px phone the day is a chronological list edited through the forms`, async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await open(browser, PROGRAMME_E2E.phone[lang.key], lang, {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const list = page.getByTestId('programme-list');
    await expect(list).toBeVisible();
    await expect(page.getByTestId('programme-grid')).toBeHidden();
    const session = list.locator('[data-testid^="list-session-"]').first();
    await session.scrollIntoViewIfNeeded();
    await expect(session).toBeInViewport();
    await expect(session).toContainText('09:00–10:00');
    const sessionId = await idIn(session);
    await expect(page.getByTestId(`list-place-session-${sessionId}`)).toBeInViewport();
    await expect(session.locator('[data-testid^="list-contribution-"]')).toHaveCount(3);

    // The break placed over the session in all rooms: a room warning.
    const breakItem = page.getByTestId('unplaced-sessions').locator('li').first();
    const breakId = await idIn(breakItem);
    await page.getByTestId(`place-session-${breakId}`).click();
    const place = page.getByTestId('place-form');
    await place.getByTestId('place-room').selectOption('');
    await place.getByTestId('place-start').fill('09:30');
    await place.getByTestId('place-save').click();
    await expect(place).toBeHidden();
    await expect(page.getByTestId('conflict-room')).toHaveCount(1);
    const breakRow = page.getByTestId(`list-session-${breakId}`);
    await breakRow.scrollIntoViewIfNeeded();
    await expect(breakRow).toBeInViewport();
    await expect(page.getByTestId(`list-session-warning-${breakId}`)).toBeInViewport();
    await expectNoSerious(page, `${lang.key} phone list with a warning`, { withoutNotifications: true });

    // Moved to 10:00 it no longer overlaps.
    await page.getByTestId(`list-place-session-${breakId}`).click();
    await place.getByTestId('place-start').fill('10:00');
    await place.getByTestId('place-save').click();
    await expect(place).toBeHidden();
    await expect(page.getByTestId('conflict-room')).toHaveCount(0);
    await expect(breakRow).toContainText('10:00–10:30');

    // A talk taken out of the session through its Move… form.
    const talk = session.locator('[data-testid^="list-contribution-"]').last();
    const talkId = await idIn(talk);
    await page.getByTestId(`list-move-contribution-${talkId}`).click();
    const move = page.getByTestId('move-form');
    await move.getByTestId('move-session').selectOption('');
    await move.getByTestId('move-save').click();
    await expect(move).toBeHidden();
    await expect(session.locator('[data-testid^="list-contribution-"]')).toHaveCount(2);
    await expect(page.getByTestId(`unplaced-contribution-${talkId}`)).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the editor scrolls sideways on a 375 px phone').toBeLessThanOrEqual(0);
    await expectNoSerious(page, `${lang.key} phone list`, { withoutNotifications: true });
    await page.context().close();
  });
}
