import { eq } from 'drizzle-orm';
import type { DB } from './client';
import { feedback, feedbackReply } from './schema';

/**
 * The demo's feedback, once (also added to a demo seeded before feedback existed): the participant
 * asked in Chinese about changing a registration, which the organisers answered (the reply still
 * unread), and in English about an airport shuttle, still awaiting a reply.
 */
export async function seedDemoFeedback(
  db: DB,
  ids: { conferenceId: number; participant: string; manager: string },
  emails: { participant: string },
  now = new Date(),
): Promise<void> {
  const [any] = await db.select({ id: feedback.id }).from(feedback).where(eq(feedback.conferenceId, ids.conferenceId)).limit(1);
  if (any) return;
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  await db.transaction(async (tx) => {
    const [asked] = await tx
      .insert(feedback)
      .values([
        {
          conferenceId: ids.conferenceId,
          userId: ids.participant,
          title: '报名信息填写有误，如何修改？',
          name: '张三',
          email: emails.participant,
          phone: '+86 10 5881 2000',
          type: 'registration',
          content: '您好，我在报名表中把工作单位写错了，应为“中国科学院计算机网络信息中心”。请问如何修改？谢谢！',
          locale: 'zh',
          status: 'replied',
          createdAt: hoursAgo(30),
          updatedAt: hoursAgo(26),
        },
        {
          conferenceId: ids.conferenceId,
          userId: ids.participant,
          title: 'Airport shuttle on the first day?',
          name: 'Zhang San',
          email: emails.participant,
          phone: '+86 10 5881 2000',
          type: 'hotel',
          content: 'Will there be a shuttle from Beijing Capital Airport to the conference hotel on the day before the conference?',
          locale: 'en',
          status: 'open',
          createdAt: hoursAgo(5),
          updatedAt: hoursAgo(5),
        },
      ])
      .returning({ id: feedback.id });
    await tx.insert(feedbackReply).values({
      conferenceId: ids.conferenceId,
      feedbackId: asked.id,
      authorId: ids.manager,
      content: '您好，已为您更正工作单位。您也可以在个人中心“个人信息”中自行修改。',
      createdAt: hoursAgo(26),
    });
  });
}
