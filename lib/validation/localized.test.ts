import { describe, expect, it } from 'vitest';
import { EMPTY_LOCALIZED, zLocalized } from './localized';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('zLocalized', () => {
  it('trims plain text and checks each language against its limit', () => {
    const schema = zLocalized({ max: { zh: 3, en: 5 } });
    expect(schema.parse({ zh: ' 中文 ', en: ' hello ' })).toEqual({ zh: '中文', en: 'hello' });
    expect(messages(schema.safeParse({ zh: '一二三四', en: 'hello!' }))).toEqual(['zh:tooLong', 'en:tooLong']);
  });

  it('asks for both languages when required, with the given message keys', () => {
    const schema = zLocalized({ max: 10, required: true, messages: { required: 'labelRequired', tooLong: 'pageNameTooLong' } });
    expect(messages(schema.safeParse({ zh: '  ', en: 'x' }))).toEqual(['zh:labelRequired']);
    expect(messages(schema.safeParse({ zh: 'x', en: 'x'.repeat(11) }))).toEqual(['en:pageNameTooLong']);
    expect(messages(zLocalized({ max: 10, required: true }).safeParse({ zh: '', en: '' }))).toEqual([
      'zh:fieldRequired',
      'en:fieldRequired',
    ]);
  });

  it('keeps rich text as written', () => {
    expect(zLocalized({ max: 100, rich: true }).parse({ zh: ' <p>x</p> ', en: '' })).toEqual({ zh: ' <p>x</p> ', en: '' });
  });

  it('applies a further rule and a missing-text message', () => {
    const schema = zLocalized({
      max: 50,
      messages: { notText: 'fieldRequired' },
      refine: { check: (s) => !/\n/.test(s), message: 'oneLine' },
    });
    expect(messages(schema.safeParse({ zh: 'a\nb', en: 1 }))).toEqual(['zh:oneLine', 'en:fieldRequired']);
  });

  it('defaults an optional field to both languages empty', () => {
    expect(zLocalized({ max: 5 }).default(EMPTY_LOCALIZED).parse(undefined)).toEqual({ zh: '', en: '' });
  });
});
