import { describe, expect, it } from 'vitest';
import { displayPersonName, formatPersonName, isCjkText } from './person-name';

describe('formatPersonName', () => {
  it('writes Chinese, Japanese and Korean names family name first with no space', () => {
    expect(formatPersonName({ family: '张', given: '三' })).toBe('张三');
    expect(formatPersonName({ family: '欧阳', given: '修' })).toBe('欧阳修');
    expect(formatPersonName({ family: '山田', given: '太郎' })).toBe('山田太郎');
    expect(formatPersonName({ family: 'ヤマダ', given: 'タロウ' })).toBe('ヤマダタロウ');
    expect(formatPersonName({ family: '김', given: '민준' })).toBe('김민준');
  });

  it('writes other names given name first, in any page language', () => {
    expect(formatPersonName({ family: 'Müller', given: 'Anna' })).toBe('Anna Müller');
    expect(formatPersonName({ family: 'Wang', given: 'Fang' })).toBe('Fang Wang');
    expect(formatPersonName({ family: 'Иванов', given: 'Иван' })).toBe('Иван Иванов');
  });

  it('puts the middle name between only where one was given', () => {
    expect(formatPersonName({ family: 'Müller', given: 'Anna', middle: 'Maria' })).toBe('Anna Maria Müller');
    expect(formatPersonName({ family: 'Müller', given: 'Anna', middle: '' })).toBe('Anna Müller');
    expect(formatPersonName({ family: 'Müller', given: 'Anna', middle: '   ' })).toBe('Anna Müller');
    expect(formatPersonName({ family: 'Müller', given: 'Anna', middle: null })).toBe('Anna Müller');
  });

  it('writes a name mixing CJK and other letters given name first, with spaces', () => {
    expect(formatPersonName({ family: '张', given: 'Anna' })).toBe('Anna 张');
    expect(formatPersonName({ family: 'Smith', given: '三' })).toBe('三 Smith');
  });

  it('leaves out empty parts and trims the rest', () => {
    expect(formatPersonName({})).toBe('');
    expect(formatPersonName({ family: ' ', given: '' })).toBe('');
    expect(formatPersonName({ family: '张', given: '' })).toBe('张');
    expect(formatPersonName({ given: ' Anna  ' })).toBe('Anna');
    expect(formatPersonName({ family: 'van  der Berg', given: 'Jan' })).toBe('Jan van der Berg');
    expect(formatPersonName({ family: ' 张 ', given: ' 三 ' })).toBe('张三');
  });
});

describe('displayPersonName', () => {
  it('prefers a full name typed whole, then the parts, then the fallback', () => {
    expect(displayPersonName({ full: 'Dr. Anna Müller', family: 'Müller', given: 'Anna' })).toBe('Dr. Anna Müller');
    expect(displayPersonName({ full: ' ', family: '张', given: '三' })).toBe('张三');
    expect(displayPersonName({ full: '', family: '', given: '' }, 'a@example.org')).toBe('a@example.org');
  });
});

describe('isCjkText', () => {
  it('tells Han, kana and Hangul from other scripts', () => {
    expect(['张', 'た', 'タ', '한'].map(isCjkText)).toEqual([true, true, true, true]);
    expect(['Anna', 'Müller', '123', ''].map(isCjkText)).toEqual([false, false, false, false]);
  });
});
