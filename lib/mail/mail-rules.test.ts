import { describe, expect, it } from 'vitest';
import { CODE_TOKEN, registrationMail } from '@/lib/registration/registration-mail';
import { ZCampaignMessage } from './campaign-schema';
import { mailPasswordOk, ZMailConfigInput, ZSmtpPort } from './config-schema';
import { mailTemplates } from '@/emails/templates';
import { defaultTemplate, EDITABLE_TEMPLATES, MAIL_KINDS, templateVars, throughPlatformSmtp } from './template-catalog';

describe('the mail rules', () => {
  it('wants a password of at least 10 characters with letters and digits', () => {
    expect(mailPasswordOk('abcdefghi1')).toBe(true);
    expect(mailPasswordOk('abcdefgh1')).toBe(false);
    expect(mailPasswordOk('abcdefghijk')).toBe(false);
    expect(mailPasswordOk('12345678901')).toBe(false);
    const base = { fromAddress: 'a@example.org', smtpHost: 'smtp.example.org', smtpPort: 465, ssl: true, active: true };
    expect(ZMailConfigInput.safeParse({ ...base, password: 'abcdefghi1', confirmPassword: 'abcdefghi2' }).error?.issues[0].path).toEqual([
      'confirmPassword',
    ]);
    expect(ZMailConfigInput.safeParse({ ...base, password: '', confirmPassword: '' }).success).toBe(true);
  });

  it('takes an SMTP port as a whole number only', () => {
    expect(ZSmtpPort.parse(587)).toBe(587);
    expect(ZSmtpPort.parse(' 25 ')).toBe(25);
    for (const bad of [0, 65536, 25.5, '2.5', '1e3', '-25', '', 'abc', null, true])
      expect(ZSmtpPort.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('lists each editable template with the placeholders its built-in wording fills', () => {
    expect(EDITABLE_TEMPLATES).not.toContain('registerCode');
    expect(templateVars('registrationSuccess')).toEqual(['conference', 'name', 'code', 'fees', 'payBy', 'payUrl']);
    expect(templateVars('payReminder')).toEqual(expect.arrayContaining(['payBy', 'payUrl', 'orders']));
    expect(templateVars('hotelBooking')).toEqual(expect.arrayContaining(['payBy', 'payUrl']));
    expect(templateVars('hotelBookingRepriced')).toContain('total');
    for (const name of EDITABLE_TEMPLATES) {
      const { subject, body } = defaultTemplate(name);
      expect(subject.zh && subject.en && body.zh && body.en, name).toBeTruthy();
    }
  });

  it('sends every credential and every platform mail through the platform’s SMTP, and an unknown kind too', () => {
    // The catalog is the one place: each template has its kind.
    expect(Object.keys(MAIL_KINDS).sort()).toEqual([...Object.keys(mailTemplates), 'campaign'].sort());
    for (const [name, kind] of Object.entries(MAIL_KINDS)) {
      expect(throughPlatformSmtp(name), name).toBe(kind.credential || kind.owner === 'platform');
    }
    for (const name of ['registerCode', 'resetPassCode', 'feedback', 'reviewerInvitation'])
      expect(throughPlatformSmtp(name), name).toBe(true);
    expect(throughPlatformSmtp('somethingNew')).toBe(true);
    expect(throughPlatformSmtp('paymentReceived')).toBe(false);
    expect(throughPlatformSmtp('campaign')).toBe(false);
    // Organisers reword only their conference's mail.
    for (const name of EDITABLE_TEMPLATES) expect(MAIL_KINDS[name].owner, name).toBe('conference');
  });

  it('words the registration mail as the organisers wrote it, the code filled in later', () => {
    const mail = registrationMail({
      account: { email: 'a@example.org', name: 'Ada' },
      title: { zh: '会', en: 'Conf' },
      code: CODE_TOKEN,
      orders: [],
      locale: 'en',
      override: { subject: { zh: '', en: 'Welcome to {conference}' }, body: { zh: '', en: 'Hi {name}, number {code}' } },
    });
    expect(mail.subject).toBe('Welcome to Conf');
    expect(mail.text).toBe(`Hi Ada, number ${CODE_TOKEN}`);
  });

  it('wants a bulk mail’s subject and body in both languages, with its placeholders only', () => {
    const message = { subject: { zh: '通知', en: 'Notice' }, body: { zh: '{name}', en: '{name} {code}' } };
    expect(ZCampaignMessage.safeParse(message).success).toBe(true);
    const missing = ZCampaignMessage.safeParse({ ...message, body: { zh: '', en: 'x' } });
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['body.zh']);
    expect(ZCampaignMessage.safeParse({ ...message, subject: { zh: '{total}', en: 'x' } }).success).toBe(false);
  });
});
