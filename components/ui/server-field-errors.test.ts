import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './server-field-errors';

describe('serverFieldErrors', () => {
  it('puts each key of the envelope on its form path', () => {
    expect(serverFieldErrors({ 'title.zh': '请填写', email: 'Bad email' })).toEqual([
      { name: 'title.zh', message: '请填写' },
      { name: 'email', message: 'Bad email' },
    ]);
  });

  it('drops the data. prefix of a body sent as { data: values }', () => {
    expect(serverFieldErrors({ 'data.email': 'taken' })).toEqual([{ name: 'email', message: 'taken' }]);
  });

  it('renames the keys the form names differently, before the prefix rule', () => {
    expect(serverFieldErrors({ 'data.cap': 'too big', host: 'no' }, { 'data.cap': 'capText' })).toEqual([
      { name: 'capText', message: 'too big' },
      { name: 'host', message: 'no' },
    ]);
  });

  it('leaves out a refusal of the whole body and an answer without fields', () => {
    expect(serverFieldErrors({ _: 'invalid', 'data._': 'x' })).toEqual([]);
    expect(serverFieldErrors(undefined)).toEqual([]);
  });
});
