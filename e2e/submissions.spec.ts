import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { BASE_URL } from './support/env';
import { answerConfirm, codeIn, confirmDialog, login, uniqueEmail, waitForApp, waitForMail } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * Abstract submission and peer review, the whole loop in each language, every account fresh: the
 * organiser adds a session and asks for both files, a new participant submits with two authors and
 * two PDFs, a reviewer invited by email activates from the mailed link, is assigned by hand, scores
 * blind, the chair asks for changes and releases, the author resubmits (version 2), the reviewer
 * scores again, the chair accepts and releases, and the author sees the result and gets the mail.
 * Nothing of the demo call is switched off: other specs open the same pages on the same server.
 */

type Lang = {
  prefix: '' | '/en';
  locale: string;
  callOpen: string;
  fileRequired: [abstractFile: string, fullText: string];
  callSaved: string;
  sessionSaved: string;
  sessionName: { zh: string; en: string };
  signUpName: string;
  reportType: string;
  category: string;
  keywords: string[];
  abstract: string;
  missingFiles: [string, string];
  submitted: RegExp;
  received: string;
  status: { waiting: string; assigned: string; modify: string; resubmitted: string; accepted: string };
  invitationSent: string;
  invitationSubject: string;
  activateConfirm: string;
  /** The password rules shown under the field, as on sign-up; the refusal of a keyboard-walk password. */
  passwordRule: string;
  passwordPattern: string;
  scoreRequired: string;
  submitReviewConfirm: string;
  reviewerName: { last: string; first: string; full: string };
  assignedMail: string;
  assigned: string;
  toReview: string;
  reviewDone: string;
  blind: string;
  reviewSubmitted: string;
  chairStatus: { waiting: string; resubmitted: string };
  decided: string;
  released: string;
  releasedNotice: { modify: string; accepted: string };
  resultSubject: string;
  decisionInMail: { modify: string; accepted: string };
  resubmitLink: string;
  resubmitted: string;
  versionTitle: (n: number) => string;
  current: string;
};

/** Matches a text containing `text` as it is (an accessible description joins the hint and the error). */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const ZH: Lang = {
  prefix: '',
  locale: 'zh-CN',
  callOpen: '当前状态：正在征稿',
  fileRequired: ['必须上传摘要文件', '必须上传全文'],
  callSaved: '征稿设置已保存',
  sessionSaved: '分会场已保存',
  sessionName: { zh: '科研数据安全', en: 'Research data security' },
  signUpName: '赵晓雪',
  reportType: '口头报告',
  category: '研究论文',
  keywords: ['数据安全', '分级保护'],
  abstract: '本文提出一种面向科研数据的分级保护方法，并在三个研究所中进行了试点。',
  missingFiles: ['请上传摘要文件', '请上传全文'],
  submitted: /投稿已提交，稿件编号 (\S+)/,
  received: '投稿已收到',
  status: { waiting: '等待分配', assigned: '评审中', modify: '需要修改', resubmitted: '已重新提交', accepted: '已录用' },
  invitationSent: '邀请已发送',
  invitationSubject: '审稿专家邀请',
  activateConfirm: '确认激活？',
  passwordRule: '8–64 位，须同时包含字母和数字；不能是常见密码、键盘连续按键，或您的邮箱、姓名',
  passwordPattern: '密码不能主要由键盘连续按键、连续字母或数字、或重复字符组成',
  scoreRequired: '请打分',
  submitReviewConfirm: '确定提交评审吗？提交后不能修改。',
  reviewerName: { last: '周', first: '审', full: '周审' },
  assignedMail: '请评审稿件',
  assigned: '审稿人已分配',
  toReview: '待评审',
  reviewDone: '已提交',
  blind: '盲审：不显示作者信息。',
  reviewSubmitted: '评审已提交',
  chairStatus: { waiting: '待分配', resubmitted: '已重新提交' },
  decided: '决定已保存（尚未发布）',
  released: '结果已发布，通知邮件已进入发送队列',
  releasedNotice: { modify: '已向作者发布结果：需要修改。', accepted: '已向作者发布结果：录用。' },
  resultSubject: '的评审结果',
  decisionInMail: { modify: '评审结果为：需要修改', accepted: '评审结果为：录用' },
  resubmitLink: '修改后重新提交',
  resubmitted: '已重新提交（第 2 版）',
  versionTitle: (n) => `第 ${n} 版`,
  current: '当前版本',
};

const EN: Lang = {
  prefix: '/en',
  locale: 'en-US',
  callOpen: 'Now: open for submissions',
  fileRequired: ['An abstract file is required', 'A full text is required'],
  callSaved: 'Call for papers saved',
  sessionSaved: 'Session saved',
  sessionName: { zh: '科研软件', en: 'Research software' },
  signUpName: 'Grace Hopper',
  reportType: 'Poster',
  category: 'Practice report',
  keywords: ['research software', 'sustainability'],
  abstract: 'We report on five years of maintaining research software in a national data centre and what kept it alive.',
  missingFiles: ['Please upload the abstract file', 'Please upload the full text'],
  submitted: /Submitted\. Your submission number is (\S+)/,
  received: 'Submission received',
  status: {
    waiting: 'Waiting for allocation',
    assigned: 'Under review',
    modify: 'Needs changes',
    resubmitted: 'Resubmitted',
    accepted: 'Accepted',
  },
  invitationSent: 'Invitation sent',
  invitationSubject: 'Invitation to review',
  activateConfirm: 'Activate now?',
  passwordRule: '8–64 characters with at least one letter and one digit; not a common password, a keyboard pattern, or your email or name',
  passwordPattern: 'The password must not be mostly a keyboard row, a run of letters or digits, or one character repeated.',
  scoreRequired: 'Please give a score',
  submitReviewConfirm: 'Submit this review? It cannot be changed afterwards.',
  reviewerName: { last: 'Noether', first: 'Emmy', full: 'Emmy Noether' },
  // The reviewer was invited from the English site and activated there: their mail is in English.
  assignedMail: 'Please review submission',
  assigned: 'Reviewer assigned',
  toReview: 'To review',
  reviewDone: 'Submitted',
  blind: 'Blind review: the authors are not shown.',
  reviewSubmitted: 'Your review was submitted',
  chairStatus: { waiting: 'Waiting for allocation', resubmitted: 'Resubmitted' },
  decided: 'Decision saved (not yet released)',
  released: 'Result released and mail queued',
  releasedNotice: { modify: 'Released to the authors: changes needed.', accepted: 'Released to the authors: accepted.' },
  resultSubject: 'The review result of submission',
  decisionInMail: { modify: 'is: changes needed', accepted: 'is: accepted' },
  resubmitLink: 'Revise and resubmit',
  resubmitted: 'Resubmitted (version 2)',
  versionTitle: (n) => `Version ${n}`,
  current: 'Current version',
};

/** A small PDF: the upload checks the type by its first bytes. */
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** A short tag that makes names, titles and the session prefix unique to one run of one test. */
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

async function newPage(browser: Browser, lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: lang.locale });
  return { context, page: waitForHydrationOnGoto(await context.newPage()) };
}

/** A new account through the real sign-up form, with the code mailed to it. */
async function signUp(page: Page, lang: Lang, email: string, password: string) {
  await page.goto(`${lang.prefix}/userRegister`);
  const form = page.getByTestId('sign-up-form');
  await form.locator('input[name="email"]').fill(email);
  const since = Date.now();
  await page.getByTestId('send-code').click();
  const code = codeIn(await waitForMail(email, since));
  await form.locator('input[name="code"]').fill(code);
  await form.locator('input[name="name"]').fill(lang.signUpName);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="confirmPassword"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/conferenceRegister$/);
  await waitForApp(page);
}

async function upload(page: Page, field: 'submissionAbstract' | 'submissionFullText', name: string, buffer: Buffer) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId(`submission-upload-${field}`).click()]);
  await chooser.setFiles({ name, mimeType: 'application/pdf', buffer });
  await expect(page.getByTestId(`submission-file-link-${field}`)).toHaveText(name);
}

/** The chair/manager view of one submission: assign the given reviewer by hand. */
async function assignByHand(page: Page, lang: Lang, submissionId: number, reviewerName: string, expectedRows: number) {
  await page.goto(`${lang.prefix}/platform/submissionManage/contribute/detail?id=${submissionId}`);
  const select = page.getByTestId('assign-select');
  // Nobody is preselected: the drop-down starts empty and the button waits for a choice.
  await expect(select).toHaveValue('');
  await expect(page.getByTestId('assign-submit')).toBeDisabled();
  // Other specs' reviewers (and the demo one) are candidates too: choose ours by name.
  const value = await select.locator('option', { hasText: reviewerName }).getAttribute('value');
  expect(value).toBeTruthy();
  await select.selectOption(value!);
  await page.getByTestId('assign-submit').click();
  await expect(page.getByText(lang.assigned).first()).toBeVisible();
  const rows = page.getByTestId('detail-assignments').locator('tbody tr');
  await expect(rows).toHaveCount(expectedRows);
  await expect(rows.filter({ hasText: reviewerName }).filter({ hasText: lang.toReview })).toHaveCount(1);
  // The same reviewer cannot be picked twice for this version.
  await expect(select.locator('option', { hasText: reviewerName })).toBeDisabled();
}

/** The reviewer opens the assignment by its title, checks it is blind and the files are there, and scores it. */
async function scoreBlind(
  page: Page,
  lang: Lang,
  title: string,
  version: number,
  hidden: string[],
  files: { abstract: Buffer; fullText: Buffer },
  scores: Record<'overall' | 'relevance' | 'englishLevel' | 'originality' | 'recommend', number>,
  opinion: string,
) {
  await page.goto(`${lang.prefix}/platform/submissionManage/user`);
  // One row per assignment: after a resubmission the earlier version's review is listed too.
  const rows = page.getByTestId('my-assignments').locator('tbody tr', { hasText: title });
  await expect(rows).toHaveCount(version);
  const row = rows.and(page.locator(`[data-version="${version}"]`));
  await expect(row).toContainText(lang.toReview);
  await expect(row.locator('td').nth(2)).toHaveText(String(version));
  if (version > 1) await expect(rows.and(page.locator(`[data-version="${version - 1}"]`))).toContainText(lang.reviewDone);
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/platform\/submissionManage\/submission\/detail\?id=\d+$/);
  await waitForApp(page);
  await expect(page.getByTestId('assignment-title')).toHaveText(title);
  await expect(page.getByTestId('assignment-blind')).toHaveText(lang.blind);
  await expect(page.getByTestId('assignment-authors')).toHaveCount(0);
  const main = page.locator('main');
  for (const text of hidden) await expect(main).not.toContainText(text);
  // Both files, as the author uploaded them.
  for (const [testId, expected] of [
    ['assignment-abstract-file', files.abstract],
    ['assignment-full-text', files.fullText],
  ] as const) {
    const href = await page.getByTestId(testId).getAttribute('href');
    const response = await page.request.get(new URL(href!, BASE_URL).toString());
    expect(response.status()).toBe(200);
    expect(Buffer.from(await response.body()).equals(expected)).toBe(true);
  }
  // The scores start empty, not at the scale's minimum; sending without one says so on each field.
  for (const key of Object.keys(scores)) await expect(page.getByTestId(`score-${key}`)).toHaveValue('');
  await page.getByTestId('score-submit').click();
  for (const key of Object.keys(scores))
    await expect(page.getByTestId(`score-${key}`)).toHaveAccessibleDescription(containing(lang.scoreRequired));
  await expect(confirmDialog(page)).toHaveCount(0);
  for (const [key, value] of Object.entries(scores)) await page.getByTestId(`score-${key}`).fill(String(value));
  await page.getByTestId('score-opinion').fill(opinion);
  // "Submit the review" asks in the app's dialog: cancel sends nothing, OK sends.
  await page.getByTestId('score-submit').click();
  await expect(confirmDialog(page)).toContainText(lang.submitReviewConfirm);
  await answerConfirm(page, 'cancel');
  await expect(page.getByTestId('assignment-status')).not.toHaveText(lang.reviewDone);
  await expect(page.getByTestId('score-form')).toBeVisible();
  await page.getByTestId('score-submit').click();
  await answerConfirm(page);
  await expect(page.getByText(lang.reviewSubmitted).first()).toBeVisible();
  await expect(page.getByTestId('my-review')).toContainText(opinion);
  await expect(page.getByTestId('assignment-status')).toHaveText(lang.reviewDone);
}

/** The chair decides with a final opinion and releases; returns when the page says it is released. */
async function decideAndRelease(
  page: Page,
  lang: Lang,
  submissionId: number,
  decision: 'modify' | 'accepted',
  opinions: { chair: string; final: string; reviewOpinion: string },
  before?: () => Promise<void>,
) {
  await page.goto(`${lang.prefix}/platform/submissionManage/contribute/detail?id=${submissionId}`);
  await expect(page.getByTestId('detail-reviews')).toContainText(opinions.reviewOpinion);
  const form = page.getByTestId('decision-form');
  await form.getByTestId('chair-opinion').fill(opinions.chair);
  await form.getByTestId('final-opinion').fill(opinions.final);
  await form.getByTestId(`decision-${decision}`).check();
  await form.getByTestId('decision-save').click();
  await expect(page.getByText(lang.decided).first()).toBeVisible();
  if (before) await before();
  await page.getByTestId('release-result').click();
  await answerConfirm(page);
  await expect(page.getByText(lang.released).first()).toBeVisible();
  await expect(page.getByTestId('detail-released')).toHaveText(lang.releasedNotice[decision]);
  // Released: the decision is locked.
  await expect(form.getByTestId('decision-save')).toHaveCount(0);
}

async function wholeLoop(browser: Browser, lang: Lang) {
  const run = tag();
  const password = 'Review-loop-2026';
  const participantEmail = uniqueEmail(`author-${lang.prefix ? 'en' : 'zh'}`);
  const coauthorEmail = uniqueEmail(`coauthor-${lang.prefix ? 'en' : 'zh'}`);
  const reviewerEmail = uniqueEmail(`reviewer-${lang.prefix ? 'en' : 'zh'}`);
  const reviewerName = `${lang.reviewerName.full} ${run}`;
  // A prefix never ends with a digit (so codes cannot collide).
  const sessionPrefix = `T${run}X`;
  const title = `${lang.prefix ? 'Sustaining research software' : '科研数据分级保护'} ${run}`;
  const titleV2 = `${title} (v2)`;
  const authors = [
    {
      surname: lang.prefix ? 'Hopper' : '赵',
      name: lang.prefix ? 'Grace' : '晓雪',
      company: lang.prefix ? 'Yale University' : '浙江大学',
      country: 'CN',
    },
    {
      surname: lang.prefix ? 'Hamilton' : '钱',
      name: lang.prefix ? 'Margaret' : '学森',
      company: lang.prefix ? 'MIT Instrumentation Lab' : '清华大学',
      country: 'US',
    },
  ];
  const files = {
    abstract: pdf(`abstract ${run}`),
    fullText: pdf(`full text ${run}`),
    fullTextV2: pdf(`full text, revised ${run}`),
  };

  const organiser = await newPage(browser, lang);
  const author = await newPage(browser, lang);
  const referee = await newPage(browser, lang);
  const o = organiser.page;
  const a = author.page;
  const r = referee.page;

  // 1. The organiser configures the call: a new session (both names, a prefix) and both files required.
  await login(o, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, lang.prefix);
  await o.goto(`${lang.prefix}/platform/config/contribute`);
  await expect(o.getByTestId('call-state')).toHaveText(lang.callOpen);
  await o.getByTestId('add-session').click();
  const sessionForm = o.getByTestId('session-form');
  await sessionForm.getByTestId('session-name-zh').fill(`${lang.sessionName.zh} ${run}`);
  await sessionForm.getByTestId('session-name-en').fill(`${lang.sessionName.en} ${run}`);
  await sessionForm.getByTestId('session-prefix').fill(sessionPrefix);
  await sessionForm.getByTestId('save-session').click();
  await expect(o.getByText(lang.sessionSaved).first()).toBeVisible();
  const sessionRow = o.locator(`[data-testid="session-row"][data-session="${lang.sessionName.en} ${run}"]`);
  await expect(sessionRow).toContainText(sessionPrefix);
  await expect(sessionRow).toHaveAttribute('data-depth', '0');
  const callForm = o.getByTestId('call-config-form');
  for (const label of lang.fileRequired) await callForm.getByLabel(label).check();
  // The form's first check loads its schema; on a busy machine the answer may take a while.
  const saved = o.waitForResponse((r) => r.url().endsWith('/api/conference/platform/config/contribute') && r.request().method() !== 'GET', {
    timeout: 30_000,
  });
  await o.getByTestId('save-call-config').click();
  expect((await saved).status()).toBe(200);
  await expect(o.getByText(lang.callSaved).first()).toBeVisible();
  await o.reload();
  for (const label of lang.fileRequired) await expect(o.getByTestId('call-config-form').getByLabel(label)).toBeChecked();
  const sessionLabel = lang.prefix ? `${lang.sessionName.en} ${run}` : `${lang.sessionName.zh} ${run}`;

  // 2. A new participant signs up and submits in that session with two authors and two PDFs.
  await signUp(a, lang, participantEmail, password);
  await a.goto(`${lang.prefix}/profile/submission`);
  await expect(a.getByTestId('submission-empty')).toBeVisible();
  await a.getByTestId('submission-new').click();
  await expect(a).toHaveURL(/\/profile\/submission\/details$/);
  await waitForApp(a);
  const form = a.getByTestId('submission-form');
  await form.getByTestId('submission-title').fill(title);
  await form.getByTestId('submission-session').selectOption({ label: sessionLabel });
  await form.getByTestId('submission-reportType').selectOption({ label: lang.reportType });
  await form.getByTestId('submission-category').selectOption({ label: lang.category });
  const keywords = form.getByTestId('submission-keywords');
  for (const keyword of lang.keywords) {
    await keywords.fill(keyword);
    await keywords.press('Enter');
  }
  await form.getByTestId('submission-abstract').fill(lang.abstract);
  const first = form.getByTestId('submission-author-0');
  await expect(first.getByRole('textbox', { name: lang.prefix ? 'Email' : '电子邮箱' })).toHaveValue(participantEmail);
  await expect(form.getByTestId('submission-author-corresponding-0')).toBeChecked();
  await form.getByTestId('submission-add-author').click();
  const fill = async (index: number, values: (typeof authors)[number] & { email?: string }) => {
    const row = form.getByTestId(`submission-author-${index}`);
    const labels = lang.prefix
      ? { surname: 'Surname', name: 'Given name', email: 'Email', country: 'Country/region', company: 'Organisation' }
      : { surname: '姓', name: '名', email: '电子邮箱', country: '国家/地区', company: '单位' };
    await row.getByRole('textbox', { name: labels.surname, exact: true }).fill(values.surname);
    await row.getByRole('textbox', { name: labels.name, exact: true }).fill(values.name);
    if (values.email) await row.getByRole('textbox', { name: labels.email, exact: true }).fill(values.email);
    await row.getByRole('textbox', { name: labels.country, exact: true }).fill(values.country);
    await row.getByRole('textbox', { name: labels.company, exact: true }).fill(values.company);
  };
  await fill(0, authors[0]);
  await fill(1, { ...authors[1], email: coauthorEmail });
  await expect(form.getByTestId('submission-author-corresponding-1')).not.toBeChecked();
  // The call now asks for both files: refused without them.
  await form.getByTestId('submission-submit').click();
  for (const message of lang.missingFiles) await expect(form.getByText(message)).toBeVisible();
  await upload(a, 'submissionAbstract', lang.prefix ? 'abstract.pdf' : '摘要.pdf', files.abstract);
  await upload(a, 'submissionFullText', lang.prefix ? 'full text.pdf' : '全文.pdf', files.fullText);
  let since = Date.now();
  await form.getByTestId('submission-submit').click();
  const note = a.getByText(lang.submitted);
  await expect(note).toBeVisible();
  const code = lang.submitted.exec((await note.textContent()) ?? '')![1];
  expect(code.startsWith(sessionPrefix)).toBe(true);
  await expect(a).toHaveURL(/\/profile\/submission\/details\?id=\d+$/);
  const submissionId = Number(new URL(a.url()).searchParams.get('id'));
  await expect(a.getByTestId('submission-version-1')).toContainText(title);
  await expect(a.getByTestId('submission-version-1')).toContainText(coauthorEmail);
  const received = await waitForMail(participantEmail, since);
  expect(received.subject).toContain(lang.received);
  expect(received.subject).toContain(code);
  await a.goto(`${lang.prefix}/profile/submission`);
  await expect(a.getByTestId(`submission-row-${submissionId}`)).toContainText(lang.status.waiting);

  // 3. The organiser invites a reviewer with a fresh address; the invitation comes by mail.
  await o.goto(`${lang.prefix}/platform/manage/reviewer`);
  const add = o.getByTestId('reviewer-add-form');
  await add.getByTestId('reviewer-add-email').fill(reviewerEmail);
  since = Date.now();
  await add.getByTestId('reviewer-add-submit').click();
  await expect(o.getByText(lang.invitationSent).first()).toBeVisible();
  const reviewerRow = o.locator(`[data-testid="reviewer-row"][data-email="${reviewerEmail}"]`);
  await expect(reviewerRow).toHaveAttribute('data-status', 'pending');
  const invitation = await waitForMail(reviewerEmail, since);
  expect(invitation.subject).toContain(lang.invitationSubject);
  const link = /https?:\/\/\S+?\/review\/active\/[A-Za-z0-9_-]{43}/.exec(invitation.text)?.[0];
  expect(link, invitation.text).toBeTruthy();
  expect(new URL(link!).pathname.startsWith(`${lang.prefix}/review/active/`)).toBe(true);

  // 4. The reviewer activates from the link: no account yet, so a password and the code mailed to the
  //    invited address (the key alone proves nothing about it); then a confirmation.
  await r.goto(link!);
  const activation = r.getByTestId('activation-form');
  await expect(activation.getByTestId('activation-email')).toHaveValue(reviewerEmail);
  since = Date.now();
  await activation.getByTestId('send-code').click();
  await activation.getByTestId('activation-code').fill(codeIn(await waitForMail(reviewerEmail, since)));
  // The password rules are shown under the field, as on sign-up.
  await expect(activation.getByTestId('activation-password')).toHaveAccessibleDescription(containing(lang.passwordRule));
  await activation.getByTestId('activation-password').fill('qwerty123456');
  await activation.getByTestId('activation-confirmPassword').fill('qwerty123456');
  await activation.getByTestId('activation-lastName').fill(lang.reviewerName.last);
  await activation.getByTestId('activation-firstName').fill(lang.reviewerName.first);
  await activation.getByTestId('activation-fullName').fill(reviewerName);
  await activation.getByTestId('activation-organization').fill(lang.prefix ? 'Bell Labs' : '中国科学院数学研究所');
  await activation.getByTestId('activation-phone').fill('+86 10 6255 0000');
  await activation.getByTestId('activation-countryArea').selectOption('CN');
  await activation.getByTestId('activation-direction').fill(lang.prefix ? 'Research software' : '科研数据安全');
  await activation.getByTestId('activation-submit').click();
  const dialog = r.getByRole('dialog', { name: lang.activateConfirm });
  await expect(dialog).toContainText(reviewerEmail);
  // The submit cleared what the field said; the server refuses the keyboard walk: on the password
  // field, where it stays (not only in a passing notification).
  await expect(activation.getByTestId('activation-password')).not.toHaveAttribute('data-invalid', 'true');
  await dialog.getByTestId('confirm-ok').click();
  const weak = activation.getByTestId('activation-password');
  await expect(weak).toHaveAttribute('data-invalid', 'true');
  await expect(weak).toHaveAccessibleDescription(containing(lang.passwordPattern));
  await r.waitForTimeout(3_000);
  await expect(weak).toHaveAccessibleDescription(containing(lang.passwordPattern));
  await expect(r.getByTestId('activation-done')).toHaveCount(0);
  await activation.getByTestId('activation-password').fill(password);
  await activation.getByTestId('activation-confirmPassword').fill(password);
  await activation.getByTestId('activation-submit').click();
  await expect(dialog).toContainText(reviewerEmail);
  await dialog.getByTestId('confirm-ok').click();
  // Activated and signed in with the password just chosen: straight to the review list.
  await expect(r).toHaveURL(new RegExp(`${lang.prefix}/platform/submissionManage/user$`));
  await waitForApp(r);
  await expect(r.getByTestId('my-assignments-empty')).toBeVisible();
  // The link worked once.
  await r.goto(link!);
  await expect(r.getByTestId('invitation-used')).toBeVisible();
  await o.reload();
  await expect(reviewerRow).toHaveAttribute('data-status', 'active');

  // 5. The organiser assigns the submission to that reviewer by hand; the reviewer is told by mail.
  since = Date.now();
  await assignByHand(o, lang, submissionId, reviewerName, 1);
  await expect(o.getByTestId('detail-status')).toHaveText(lang.prefix ? 'Assigned' : '已分配');
  await expect(o.getByTestId('detail-authors')).toContainText(authors[1].surname);
  // The chair's page links the abstract file and the full text, as the author uploaded them.
  for (const [testId, expected] of [
    ['detail-abstract-file', files.abstract],
    ['detail-full-text', files.fullText],
  ] as const) {
    const href = await o.getByTestId(testId).getAttribute('href');
    const response = await o.request.get(new URL(href!, BASE_URL).toString());
    expect(response.status(), testId).toBe(200);
    expect(Buffer.from(await response.body()).equals(expected)).toBe(true);
  }
  const assignedMail = await waitForMail(reviewerEmail, since);
  expect(assignedMail.subject).toContain(lang.assignedMail);
  expect(assignedMail.subject).toContain(code);
  expect(assignedMail.text).toMatch(/\/platform\/submissionManage\/submission\/detail\?id=\d+/);

  // 6. The reviewer scores without seeing the authors.
  const hidden = [authors[0].name, authors[1].name, participantEmail, coauthorEmail, authors[0].company, authors[1].company];
  const firstOpinion = `${lang.prefix ? 'Sound, but the evaluation needs a baseline.' : '选题有价值，但需要补充对照实验。'} ${run}`;
  await scoreBlind(
    r,
    lang,
    title,
    1,
    hidden,
    { abstract: files.abstract, fullText: files.fullText },
    { overall: 6, relevance: 4, englishLevel: 3, originality: 3, recommend: 3 },
    firstOpinion,
  );

  // 7. The chair asks for changes, the author learns nothing until the release, then gets the mail.
  const finalOpinion1 = `${lang.prefix ? 'Please add a baseline comparison.' : '请补充对照实验后重新提交。'} ${run}`;
  await decideAndRelease(
    o,
    lang,
    submissionId,
    'modify',
    { chair: 'chair only', final: finalOpinion1, reviewOpinion: firstOpinion },
    async () => {
      await a.goto(`${lang.prefix}/profile/submission`);
      await expect(a.getByTestId(`submission-row-${submissionId}`)).toContainText(lang.status.assigned);
      since = Date.now();
    },
  );
  const modifyMail = await waitForMail(participantEmail, since);
  expect(modifyMail.subject).toContain(lang.resultSubject);
  expect(modifyMail.subject).toContain(code);
  expect(modifyMail.text).toContain(lang.decisionInMail.modify);
  expect(modifyMail.text).toContain(finalOpinion1);
  expect(modifyMail.text).not.toContain('chair only');

  // 8. The author reads the result and resubmits: version 2, with a revised full text.
  await a.goto(`${lang.prefix}/profile/submission`);
  const listRow = a.getByTestId(`submission-row-${submissionId}`);
  await expect(listRow).toContainText(lang.status.modify);
  await a.getByTestId(`submission-open-${submissionId}`).click();
  await expect(a).toHaveURL(new RegExp(`/profile/submission/details\\?id=${submissionId}$`));
  await waitForApp(a);
  await expect(a.getByTestId('submission-decision')).toContainText(lang.status.modify);
  await expect(a.getByTestId('submission-final-opinion')).toHaveText(finalOpinion1);
  await expect(a.getByRole('heading', { name: `${lang.resubmitLink} · ${code}`, exact: true })).toBeVisible();
  const again = a.getByTestId('submission-form');
  await again.getByTestId('submission-title').fill(titleV2);
  await again.getByTestId('submission-abstract').fill(`${lang.abstract} ${lang.prefix ? 'Now with a baseline.' : '已补充对照实验。'}`);
  await upload(a, 'submissionFullText', lang.prefix ? 'full text v2.pdf' : '全文-修改稿.pdf', files.fullTextV2);
  since = Date.now();
  await again.getByTestId('submission-submit').click();
  await expect(a.getByText(lang.resubmitted).first()).toBeVisible();
  // The author is told the revised version arrived, in the language they used.
  const resubmittedMail = await waitForMail(participantEmail, since);
  expect(resubmittedMail.subject).toContain(code);
  expect(resubmittedMail.text).toContain(lang.prefix ? 'version 2' : '第 2 版修改稿');
  await expect(a.getByTestId('submission-version-2')).toContainText(lang.versionTitle(2));
  await expect(a.getByTestId('submission-version-2')).toContainText(lang.current);
  await expect(a.getByTestId('submission-version-2')).toContainText(titleV2);
  await expect(a.getByTestId('submission-version-1')).toContainText(title);
  await expect(a.getByTestId('submission-version-1')).not.toContainText(lang.current);
  await a.goto(`${lang.prefix}/profile/submission`);
  await expect(listRow).toContainText(lang.status.resubmitted);
  await expect(listRow.locator('td').nth(4)).toHaveText('2');

  // 9. Assigned again (version 2), scored again, accepted and released.
  await assignByHand(o, lang, submissionId, reviewerName, 2);
  const secondOpinion = `${lang.prefix ? 'The baseline settles it. Accept.' : '修改稿已补充对照实验，建议录用。'} ${run}`;
  await scoreBlind(
    r,
    lang,
    titleV2,
    2,
    hidden,
    { abstract: files.abstract, fullText: files.fullTextV2 },
    { overall: 9, relevance: 5, englishLevel: 4, originality: 4, recommend: 5 },
    secondOpinion,
  );
  const finalOpinion2 = `${lang.prefix ? 'Accepted as a poster.' : '录用为口头报告。'} ${run}`;
  since = Date.now();
  await decideAndRelease(o, lang, submissionId, 'accepted', { chair: 'chair again', final: finalOpinion2, reviewOpinion: secondOpinion });

  // 10. The author sees "accepted" and the final opinion, can change nothing more, and gets the mail.
  const acceptedMail = await waitForMail(participantEmail, since);
  expect(acceptedMail.subject).toContain(code);
  expect(acceptedMail.text).toContain(lang.decisionInMail.accepted);
  expect(acceptedMail.text).toContain(finalOpinion2);
  await a.goto(`${lang.prefix}/profile/submission`);
  await expect(listRow).toContainText(lang.status.accepted);
  await a.getByTestId(`submission-open-${submissionId}`).click();
  await expect(a).toHaveURL(new RegExp(`/profile/submission/details\\?id=${submissionId}$`));
  await waitForApp(a);
  await expect(a.getByTestId('submission-decision')).toContainText(lang.status.accepted);
  await expect(a.getByTestId('submission-final-opinion')).toHaveText(finalOpinion2);
  await expect(a.getByTestId('submission-read-only')).toBeVisible();
  await expect(a.getByTestId('submission-form')).toHaveCount(0);

  // The organiser's list has it as accepted, with both reviews counted.
  await o.goto(`${lang.prefix}/platform/manage/contribute?q=${encodeURIComponent(code)}`);
  const adminRow = o.locator(`[data-testid="contribute-row"][data-code="${code}"]`);
  await expect(adminRow).toHaveAttribute('data-status', 'accepted');

  await Promise.all([organiser.context.close(), author.context.close(), referee.context.close()]);
}

test.describe('abstract submission and peer review', () => {
  // The two languages run side by side, as they would against one server.
  test.describe.configure({ mode: 'parallel' });
  test('in Chinese: call, submission with two authors and files, invited reviewer, modify, resubmit, accept', async ({ browser }) => {
    test.setTimeout(180_000);
    await wholeLoop(browser, ZH);
  });

  test('in English: call, submission with two authors and files, invited reviewer, modify, resubmit, accept', async ({ browser }) => {
    test.setTimeout(180_000);
    await wholeLoop(browser, EN);
  });
});
