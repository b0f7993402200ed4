import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { errorResponse } from './error-response';

const body = async (error: unknown, locale: 'zh' | 'en') => (await errorResponse(error, locale).json()) as Record<string, unknown>;

describe('a refusal about one input names it under fields, so the form keeps it on that input', () => {
  it('a weak password answers its reason under fields.password too, in the caller’s language', async () => {
    const weak = new AppError('PASSWORD_WEAK', undefined, 'validation.passwordPattern');
    expect(await body(weak, 'en')).toEqual({
      code: 400,
      error: 'PASSWORD_WEAK',
      data: null,
      message: 'The password must not be mostly a keyboard row, a run of letters or digits, or one character repeated.',
      fields: { password: 'The password must not be mostly a keyboard row, a run of letters or digits, or one character repeated.' },
    });
    expect((await body(weak, 'zh')).fields).toEqual({ password: '密码不能主要由键盘连续按键、连续字母或数字、或重复字符组成' });
  });

  it('a wrong or expired code is on the code field', async () => {
    expect((await body(new AppError('CODE_WRONG'), 'zh')).fields).toEqual({ code: '验证码错误' });
    expect(Object.keys((await body(new AppError('CODE_EXPIRED'), 'en')).fields as object)).toEqual(['code']);
  });

  it('control: a refusal about no input carries no fields', async () => {
    expect(await body(new AppError('FEE_FULL'), 'en')).not.toHaveProperty('fields');
  });
});
