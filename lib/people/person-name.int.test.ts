import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { reviewAssignment, reviewer, submission, submissionAuthor } from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import { GET as exportGet } from '@/app/api/conference/manage/contribute/export/route';
import { POST as addReviewerPost } from '@/app/api/conference/platform/manage/review/route';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { newestMail } from '@/testing/fixtures/reviewers';

/**
 * The one person-name formatter reaches the export and the mails: authors and reviewers in the
 * submissions workbook and the name greeting a reviewer's invitation are written CJK family name
 * first without a space and others given name first, whatever the manager's language.
 */
describe.each(testBackends())('people’s names in exports and mails on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let manager: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `names${backend}`);
    manager = (await plantAccount(database, fx.conferenceId, 'manager')).token;
    const author = await database.db.transaction((tx) =>
      insertAccount(tx, { email: `author-${backend}@example.org`, name: 'Author', passwordHash: null }),
    );
    const [row] = await database.db
      .insert(submission)
      .values({ conferenceId: fx.conferenceId, userId: author, code: 'N-001', title: 'Names', status: 'assigned', reportType: 'oral' })
      .returning({ id: submission.id });
    await database.db.insert(submissionAuthor).values(
      [
        ['三', '张'],
        ['Anna', 'Müller'],
        ['Fang', 'Wang'],
      ].map(([name, surname], i) => ({
        conferenceId: fx.conferenceId,
        submissionId: row.id,
        name,
        surname,
        email: `a${i}@example.org`,
        corresponding: i === 0,
        sortOrder: i,
      })),
    );
    const [rev] = await database.db
      .insert(reviewer)
      .values({ conferenceId: fx.conferenceId, email: 'wangfang@example.org', lastName: '王', firstName: '芳', active: true })
      .returning({ id: reviewer.id });
    await database.db
      .insert(reviewAssignment)
      .values({ conferenceId: fx.conferenceId, submissionId: row.id, reviewerId: rev.id, version: 1, status: 'assigned' });
  });
  afterAll(() => database?.close());

  for (const lang of ['en', 'zh'] as const) {
    it(`writes authors and reviewers in the workbook through the formatter (${lang})`, async () => {
      const response = await exportGet(
        apiRequest(`/api/conference/manage/contribute/export?lang=${lang}`, { method: 'GET', host: fx.host, token: manager }),
        { params: Promise.resolve({}) },
      );
      expect(response.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      const cell = (title: RegExp) => sheet.getRow(2).getCell(header.findIndex((h) => title.test(h)) + 1).value;
      const separator = lang === 'zh' ? '，' : ', ';
      expect(cell(/^(Authors|作者)$/)).toBe(['张三', 'Anna Müller', 'Fang Wang'].join(separator));
      expect(cell(/(reviewer|审稿人)$/)).toBe('王芳');
    });
  }

  it('greets an invited reviewer by the formatted name in either language', async () => {
    const invite = async (email: string, lastName: string, firstName: string, middleName: string, locale: 'zh' | 'en') => {
      const res = await callHandler(addReviewerPost, fx, {
        token: manager,
        headers: { 'x-locale': locale },
        body: JSON.stringify({ email, lastName, firstName, middleName }),
      });
      expect(res.status).toBe(200);
      return (await newestMail(database, email, 'reviewerInvitation'))?.text ?? '';
    };
    expect(await invite('li@example.org', '李', '雷', '', 'en')).toContain('李雷');
    expect(await invite('anna@example.org', 'Müller', 'Anna', '', 'zh')).toContain('Anna Müller，');
    expect(await invite('ann@example.org', 'Smith', 'Ann', 'Marie', 'en')).toContain('Ann Marie Smith');
  });
});
