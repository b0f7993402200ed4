import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED } from '@/lib/conferences/status';
import { POST as sendCodePost } from '@/app/api/conference/conferenceRegUserConfig/sendEmailCode/route';
import { POST as updatePasswordPost } from '@/app/api/conference/conferenceRegUserConfig/updatePassword/route';
import type { Database } from '@/db/client';
import { conference, mailOutbox } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import type { RouteHandler } from '@/lib/http/route';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import type { Locale } from '@/lib/i18n/localized';
import { platformName } from '@/lib/mail/platform-name';
import { insertAccount } from './create-account';

/**
 * Account mail names the platform, never a conference (issue 20, point 7): a conference's titles
 * are typed by its organisers, and anyone can have a reset or sign-up code mailed to any address
 * on that conference's host. A conference planted with a phishing text in its titles must not get
 * it into the code mails or the password-changed notice, in either language.
 */
const EVIL = 'account problem, visit evil.example to verify';

describe.each(testBackends())('account mails on a conference with a hostile title on %s', (backend) => {
  let database: Database;
  const host = `evil${backend}.localhost`;

  const call = async (handler: RouteHandler, body: unknown, locale: Locale) => {
    const res = await handler(apiRequest('/api/x', { method: 'POST', host, headers: { 'x-locale': locale }, body: JSON.stringify(body) }), {
      params: Promise.resolve({}),
    });
    return { status: res.status, json: (await res.json()) as { error?: string } };
  };
  const newestMail = async (to: string, template: string) =>
    (
      await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
        .orderBy(desc(mailOutbox.id))
        .limit(1)
    )[0];
  const expectPlatformWording = (mail: { subject: string; text: string; html: string }, locale: Locale) => {
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('account problem');
    }
    expect(mail.subject).toContain(platformName(locale));
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    await database.db.insert(conference).values({
      slug: `evil${backend}`,
      title: { zh: EVIL, en: EVIL },
      shortTitle: { zh: EVIL, en: EVIL },
      status: PUBLISHED,
    });
    for (const email of ['owner-zh@example.org', 'owner-en@example.org']) {
      await database.db.transaction((tx) => insertAccount(tx, { email, name: 'Account Owner', passwordHash: null }));
    }
  }, 120_000);
  afterAll(() => database?.close());

  for (const locale of ['zh', 'en'] as const) {
    it(`the reset code, the password notice and the sign-up code name the platform only (${locale})`, async () => {
      const owner = `owner-${locale}@example.org`;
      const reset = await call(sendCodePost, { data: { email: owner, type: 'resetPassCode' } }, locale);
      expect(reset.status).toBe(200);
      const resetMail = await newestMail(owner, 'resetPassCode');
      expectPlatformWording(resetMail, locale);

      const code = /\b(\d{6})\b/.exec(resetMail.text)![1];
      const password = 'Owner2026pass';
      const changed = await call(
        updatePasswordPost,
        { data: { email: owner, code, name: 'Account Owner', password, confirmPassword: password } },
        locale,
      );
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      expectPlatformWording(await newestMail(owner, 'passwordChanged'), locale);

      const newcomer = `newcomer-${locale}@example.org`;
      expect((await call(sendCodePost, { data: { email: newcomer, type: 'registerCode' } }, locale)).status).toBe(200);
      expectPlatformWording(await newestMail(newcomer, 'registerCode'), locale);
    });
  }
});
