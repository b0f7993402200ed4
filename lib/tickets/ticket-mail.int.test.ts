import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceRegistration, mailOutbox } from '@/db/schema';
import { registerMailAttachment } from '@/lib/mail/attachments';
import { smtpTransport } from '@/lib/mail/transport';
import { drainOutbox } from '@/lib/mail/worker';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { startTestSmtp, type TestSmtp } from '@/testing/standins/smtp';
import { issueTicket, reissueTicket } from './issue-ticket';
import { ticketMailAttachment } from './ticket-attachment';

/**
 * The ticket mail carries the ticket's PDF (issue 24 point 1), drawn when the outbox sends it, through nodemailer to a
 * real SMTP server on loopback: the holder's name and registration number readable in it; a registration cancelled
 * before the mail left gets the mail without a ticket; the outbox row holds a reference, never the PDF.
 */
describe.each(testBackends())('the ticket mail’s PDF on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let smtp: TestSmtp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'confhub-ticket-mail-'));
    database = await createTestDatabase(backend);
    fx = await plantConference(database, `tixmail-${backend}`);
    smtp = await startTestSmtp();
    registerMailAttachment('ticket', ticketMailAttachment);
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const transport = () =>
    smtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true, from: 'ConfHub <no-reply@confhub.test>' });

  async function registrant(name: string, locale: 'zh' | 'en') {
    const account = await plantAccount(database, fx.conferenceId);
    const [row] = await database.db
      .insert(conferenceRegistration)
      .values({
        conferenceId: fx.conferenceId,
        userId: account.userId,
        code: `M-${account.userId.slice(0, 6)}`,
        answers: { name, unit: '复旦大学', email: account.email },
        locale,
      })
      .returning();
    return { ...account, registrationId: row.id, code: row.code };
  }

  const received = (to: string) => smtp.mails.filter((m) => m.to.includes(to.toLowerCase()));

  function pdfText(bytes: Buffer, name: string): string {
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  }

  it('attaches the holder’s ticket PDF when the mail is sent, and stores only a reference', async () => {
    const who = await registrant('诸葛亮', 'zh');
    const scope = { conferenceId: fx.conferenceId, registrationId: who.registrationId };
    expect(await issueTicket(database.db, scope)).not.toBeNull();
    const [row] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'ticketIssued'), eq(mailOutbox.toAddress, who.email)));
    expect(row.attachment).toEqual({ kind: 'ticket', ...scope });
    expect(row.text).toContain('附件');

    await drainOutbox(database.db, transport());
    const [mail] = received(who.email);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toBe(`ticket-${who.code}.pdf`);
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf.content, 'zh');
    expect(text).toContain('诸葛亮');
    expect(text).toContain(who.code);
  });

  it('sends the mail without a ticket when the registration was cancelled before it left, and a reissue’s mail with one', async () => {
    const who = await registrant('Ada Lovelace', 'en');
    const scope = { conferenceId: fx.conferenceId, registrationId: who.registrationId };
    await issueTicket(database.db, scope);
    await reissueTicket(database.db, { ...scope, actorUserId: who.userId });
    await drainOutbox(database.db, transport());
    const mails = received(who.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toContain('ticket');
      expect(mail.attachments.map((a) => a.filename)).toEqual([`ticket-${who.code}.pdf`]);
    }

    const late = await registrant('Grace Hopper', 'en');
    const lateScope = { conferenceId: fx.conferenceId, registrationId: late.registrationId };
    await issueTicket(database.db, lateScope);
    await database.db.update(conferenceRegistration).set({ status: 'cancelled' }).where(eq(conferenceRegistration.id, late.registrationId));
    await drainOutbox(database.db, transport());
    const [lateMail] = received(late.email);
    expect(lateMail.text).toContain(late.code);
    expect(lateMail.attachments).toEqual([]);
  });
});
