/**
 * Driving feedback through its route handlers in integration tests: codes read from the outbox as
 * the participant would read the mail, multipart uploads, and a valid feedback.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { callHandler, type PayFixture } from '@/lib/payments/testing/fixtures';
import { POST as sendCodePost } from '@/app/api/conference/feedback/sendCode/route';
import { POST as uploadPost } from '@/app/api/conference/feedback/upload/route';
import { POST as feedbackPost } from '@/app/api/conference/feedback/route';

export const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25, 0x25, 0x45, 0x4f, 0x46, 0x0a]);

let emails = 0;
/** An address no other test mailed a code to (the 60 s resend rule is per address). */
export const freshEmail = (tag: string) => `${tag}-${++emails}-${Date.now().toString(36)}@example.org`;

/** Mails a feedback code to `email` (as `token`) and reads it back from the outbox. */
export async function mailedCode(database: Database, fx: PayFixture, token: string, email: string): Promise<string> {
  const sent = await callHandler(sendCodePost, fx, { token, body: JSON.stringify({ email }) });
  if (sent.status !== 200) throw new Error(`sendCode answered ${sent.status}: ${sent.text}`);
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'feedback')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /(\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

export const validFeedback = (fields: Record<string, unknown> = {}) => ({
  title: '注册费发票抬头如何修改',
  name: '张三',
  phone: '+86 10 6260 0000',
  type: 'invoice',
  content: '我的发票抬头写错了，\n请问如何修改？',
  ...fields,
});

/** Sends feedback through the handler; `code` is mailed and read unless given. */
export async function postFeedback(
  database: Database,
  fx: PayFixture,
  token: string,
  fields: Record<string, unknown> = {},
  opts: { lang?: string; email?: string; code?: string } = {},
) {
  const email = opts.email ?? freshEmail('fb');
  const code = opts.code ?? (await mailedCode(database, fx, token, email));
  return callHandler(feedbackPost, fx, {
    token,
    headers: opts.lang ? { 'x-locale': opts.lang } : undefined,
    body: JSON.stringify({ ...validFeedback(fields), email, code }),
  });
}

/** Uploads `data` as `name` (multipart `file`) through the feedback upload handler. */
export async function uploadFile(fx: PayFixture, token: string, name: string, data: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([data as BlobPart], name));
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  return callHandler(uploadPost, fx, { token, body, headers: { 'content-type': request.headers.get('content-type')! } });
}
