import { describe, expect, it } from 'vitest';
import { mailTemplates, renderMail } from './templates';

describe('mail templates', () => {
  it('exist in both languages with the same placeholders', () => {
    for (const [name, template] of Object.entries(mailTemplates)) {
      const holes = (t: { subject: string; lines: string[] }) =>
        [...(t.subject + t.lines.join()).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(holes(template.zh), name).toEqual(holes(template.en));
    }
  });
  it('fills values and escapes them in the HTML part only', () => {
    const mail = renderMail('registerCode', 'en', { code: '123456', platform: 'A<b>&C', minutes: 10 });
    expect(mail.subject).toBe('[A<b>&C] Your sign-up code');
    expect(mail.text).toContain('123456');
    expect(mail.html).toContain('A&lt;b&gt;&amp;C');
    expect(mail.html).not.toContain('A<b>');
  });
  it('words account mail with the platform’s name, never a conference’s', () => {
    for (const name of ['registerCode', 'resetPassCode', 'feedback', 'passwordChanged'] as const) {
      for (const locale of ['zh', 'en'] as const) {
        const text = [mailTemplates[name][locale].subject, ...mailTemplates[name][locale].lines].join('\n');
        expect(text, `${name} ${locale}`).not.toContain('{conference}');
        expect(text, `${name} ${locale}`).toContain('{platform}');
      }
    }
  });
  it('renders Chinese', () => {
    expect(renderMail('resetPassCode', 'zh', { code: '000111', platform: '平台', minutes: 10 }).text).toContain('验证码为：000111');
  });
});
