import { describe, expect, it } from 'vitest';
import { fillPlaceholders, isEmptyTemplate, mailTemplateSchema, placeholdersIn, unknownPlaceholders } from './template-schema';

const vars = ['name', 'hotel'] as const;
const schema = mailTemplateSchema(vars);
const template = (over: { subject?: Partial<Record<'zh' | 'en', string>>; body?: Partial<Record<'zh' | 'en', string>> } = {}) => ({
  subject: { zh: '{hotel} 预订', en: 'Booking at {hotel}', ...over.subject },
  body: { zh: '{name}，您好', en: 'Dear {name}', ...over.body },
});

describe('the mail template schema', () => {
  it('finds the placeholders the mail fills (a word in braces) and the unknown ones', () => {
    expect(placeholdersIn('{name} {hotel} {name} { spaced } {中文} {a-b}')).toEqual(['name', 'hotel']);
    expect(unknownPlaceholders('Dear {name}, {nmae} {total}', vars)).toEqual(['nmae', 'total']);
    expect(fillPlaceholders('Dear {name} at {hotel}, {other}', { name: 'Li', hotel: 'H' })).toBe('Dear Li at H, {other}');
    expect(fillPlaceholders('{constructor}{toString}', {})).toBe('{constructor}{toString}');
  });

  it('accepts known variables and empty fields, trims, and refuses unknown ones on their own field', () => {
    expect(schema.parse(template({ body: { en: '  Dear {name}  ' } })).body.en).toBe('Dear {name}');
    expect(schema.safeParse(template({ subject: { zh: '' }, body: { en: '' } })).success).toBe(true);
    const bad = schema.safeParse(template({ subject: { en: 'Hi {guest}' }, body: { zh: '{total}' } }));
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['subject.en', 'hotelMailUnknownVar'],
      ['body.zh', 'hotelMailUnknownVar'],
    ]);
  });

  it('keeps the subject to one line and the fields within their lengths', () => {
    const issues = (value: unknown) => {
      const r = schema.safeParse(value);
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues(template({ subject: { zh: 'a\r\nb' } }))).toEqual([['subject.zh', 'hotelMailSubjectLine']]);
    expect(issues(template({ subject: { en: 'x'.repeat(201) } }))).toEqual([['subject.en', 'tooLong']]);
    expect(issues(template({ body: { en: 'x'.repeat(10_001) } }))).toEqual([['body.en', 'tooLong']]);
    expect(issues({ subject: { zh: '' } }).length).toBeGreaterThan(0);
  });

  it('knows an all-empty template says nothing of its own', () => {
    expect(isEmptyTemplate(schema.parse(template({ subject: { zh: ' ', en: '' }, body: { zh: '', en: '\n' } })))).toBe(true);
    expect(isEmptyTemplate(schema.parse(template({ subject: { zh: '', en: '' }, body: { zh: '', en: 'x' } })))).toBe(false);
  });
});
