import { eq } from 'drizzle-orm';
import { todayIn } from '@/lib/conferences/website-config';
import type { DB } from './client';
import {
  reviewAssignment,
  reviewConfig,
  reviewer,
  submission,
  submissionAuthor,
  submissionConfig,
  submissionEvent,
  submissionSession,
  submissionVersion,
  type SubmissionSnapshot,
} from './schema';

/** The ISO day `days` after `isoDate` (negative: before). */
export function shiftDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type DemoIds = { conferenceId: number; participant: string; reviewer: string; manager: string };
type DemoEmails = { participant: string; reviewer: string; manager: string };

/**
 * The demo's call for papers, once (also added to a demo seeded before submissions existed): open
 * now, with two themes (one with a sub-theme), oral and poster reports, review rules; the demo
 * reviewer active, the demo organiser as review chair, and the demo participant's abstract assigned
 * to the reviewer and waiting for the review, so a newcomer sees the whole loop after `npm start`.
 */
export async function seedDemoSubmissions(db: DB, ids: DemoIds, emails: DemoEmails, now = new Date()): Promise<void> {
  const { conferenceId } = ids;
  const [any] = await db
    .select({ id: submissionConfig.conferenceId })
    .from(submissionConfig)
    .where(eq(submissionConfig.conferenceId, conferenceId))
    .limit(1);
  if (any) return;
  const today = todayIn('Asia/Shanghai', now);
  await db.transaction(async (tx) => {
    await tx.insert(submissionConfig).values({
      conferenceId,
      enabled: true,
      notice: {
        zh: '<p>欢迎投稿。摘要不超过 3000 字，请在截止日期前提交；评审结果将通过邮件通知。</p>',
        en: '<p>Submissions are welcome. Abstracts may be up to 3000 characters; please submit before the deadline. Review results are sent by email.</p>',
      },
      openDate: shiftDays(today, -30),
      firstDeadline: shiftDays(today, 60),
      secondDeadline: shiftDays(today, 90),
      cap: 300,
      perUserLimit: 5,
      used: 1,
      reportTypes: [
        { value: 'oral', label: { zh: '口头报告', en: 'Oral presentation' } },
        { value: 'poster', label: { zh: '墙报', en: 'Poster' } },
      ],
      categories: [
        { value: 'research', label: { zh: '研究论文', en: 'Research paper' } },
        { value: 'practice', label: { zh: '实践报告', en: 'Practice report' } },
      ],
    });
    const [data] = await tx
      .insert(submissionSession)
      .values({ conferenceId, name: { zh: '科学数据管理', en: 'Scientific data management' }, prefix: 'A', sortOrder: 10 })
      .returning({ id: submissionSession.id });
    await tx.insert(submissionSession).values([
      { conferenceId, parentId: data.id, name: { zh: '数据出版与引用', en: 'Data publishing and citation' }, prefix: 'AP', sortOrder: 10 },
      { conferenceId, name: { zh: '开放科学与基础设施', en: 'Open science and infrastructure' }, prefix: 'B', sortOrder: 20 },
    ]);
    await tx.insert(reviewConfig).values({
      conferenceId,
      blind: true,
      reviewersPerSubmission: 1,
      rules: [
        { zh: '请依据选题价值、方法和表达进行评价。', en: 'Judge the topic, the method and the writing.' },
        { zh: '如与作者存在利益冲突，请声明后回避。', en: 'Declare any conflict of interest and step aside.' },
      ],
    });
    const [reviewerRow] = await tx
      .insert(reviewer)
      .values([
        {
          conferenceId,
          email: emails.reviewer,
          userId: ids.reviewer,
          lastName: '李',
          firstName: '明',
          fullName: '李明 Li Ming',
          organization: '中国科学院计算机网络信息中心',
          phone: '13800000001',
          country: 'CN',
          direction: '科学数据 Scientific data',
          active: true,
          activatedAt: now,
        },
        {
          conferenceId,
          email: emails.manager,
          userId: ids.manager,
          lastName: '王',
          firstName: '芳',
          fullName: '王芳 Wang Fang',
          organization: '中国科研网络',
          phone: '13800000002',
          country: 'CN',
          direction: '开放科学 Open science',
          role: 'chair',
          active: true,
          activatedAt: now,
        },
      ])
      .returning({ id: reviewer.id });
    const authors: SubmissionSnapshot['authors'] = [
      {
        name: '三',
        surname: '张',
        email: emails.participant,
        phone: '13900000000',
        country: 'CN',
        company: '北京大学',
        corresponding: true,
      },
      {
        name: 'Anna',
        surname: 'Schmidt',
        email: 'anna.schmidt@example.org',
        phone: '',
        country: 'DE',
        company: 'University of Göttingen',
        corresponding: false,
      },
    ];
    const snapshot: SubmissionSnapshot = {
      title: '面向开放科学的数据引用实践 / Data citation practice for open science',
      sessionId: data.id,
      reportType: 'oral',
      category: 'research',
      keywords: ['数据引用', 'open science', 'FAIR'],
      abstract:
        '本文总结了国内科研机构数据引用的现状与问题，并提出一套可落地的数据引用规范。 We review data citation in Chinese research institutions and propose a practical citation guideline.',
      abstractFileId: null,
      fullTextFileId: null,
      authors,
    };
    const [created] = await tx
      .insert(submission)
      .values({
        conferenceId,
        userId: ids.participant,
        code: 'A0001',
        title: snapshot.title,
        sessionId: snapshot.sessionId,
        reportType: snapshot.reportType,
        category: snapshot.category,
        keywords: snapshot.keywords,
        abstract: snapshot.abstract,
        status: 'assigned',
      })
      .returning({ id: submission.id });
    await tx
      .insert(submissionAuthor)
      .values(authors.map((author, i) => ({ ...author, conferenceId, submissionId: created.id, sortOrder: i })));
    await tx.insert(submissionVersion).values({ conferenceId, submissionId: created.id, version: 1, snapshot });
    await tx.insert(submissionEvent).values([
      { conferenceId, submissionId: created.id, actorId: ids.participant, action: 'submit', toStatus: 'waiting' },
      { conferenceId, submissionId: created.id, actorId: ids.manager, action: 'assign', fromStatus: 'waiting', toStatus: 'assigned' },
    ]);
    await tx
      .insert(reviewAssignment)
      .values({ conferenceId, submissionId: created.id, reviewerId: reviewerRow.id, version: 1, assignedBy: ids.manager });
  });
}
