import type { Locale } from '@/lib/i18n/localized';

/** Discipline categories (the fourteen categories of China's degree catalogue), for a conference's website config. */
export const DISCIPLINES: ReadonlyArray<{ code: string; zh: string; en: string }> = [
  ['01', '哲学', 'Philosophy'],
  ['02', '经济学', 'Economics'],
  ['03', '法学', 'Law'],
  ['04', '教育学', 'Education'],
  ['05', '文学', 'Literature'],
  ['06', '历史学', 'History'],
  ['07', '理学', 'Natural sciences'],
  ['08', '工学', 'Engineering'],
  ['09', '农学', 'Agriculture'],
  ['10', '医学', 'Medicine'],
  ['11', '军事学', 'Military science'],
  ['12', '管理学', 'Management'],
  ['13', '艺术学', 'Arts'],
  ['14', '交叉学科', 'Interdisciplinary studies'],
].map(([code, zh, en]) => ({ code, zh, en }));

export function disciplineList(locale: Locale): { code: string; name: string }[] {
  return DISCIPLINES.map((d) => ({ code: d.code, name: d[locale] }));
}
