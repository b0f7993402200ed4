import type { Locale } from '@/lib/i18n/localized';

/**
 * Provincial-level divisions of China (GB/T 2260 codes) for the city item, plus one choice for
 * places outside China. A city answer is stored as `<code>/<city>` (e.g. `11/海淀区`).
 */
export const REGIONS: ReadonlyArray<{ code: string; zh: string; en: string }> = [
  ['11', '北京市', 'Beijing'],
  ['12', '天津市', 'Tianjin'],
  ['13', '河北省', 'Hebei'],
  ['14', '山西省', 'Shanxi'],
  ['15', '内蒙古自治区', 'Inner Mongolia'],
  ['21', '辽宁省', 'Liaoning'],
  ['22', '吉林省', 'Jilin'],
  ['23', '黑龙江省', 'Heilongjiang'],
  ['31', '上海市', 'Shanghai'],
  ['32', '江苏省', 'Jiangsu'],
  ['33', '浙江省', 'Zhejiang'],
  ['34', '安徽省', 'Anhui'],
  ['35', '福建省', 'Fujian'],
  ['36', '江西省', 'Jiangxi'],
  ['37', '山东省', 'Shandong'],
  ['41', '河南省', 'Henan'],
  ['42', '湖北省', 'Hubei'],
  ['43', '湖南省', 'Hunan'],
  ['44', '广东省', 'Guangdong'],
  ['45', '广西壮族自治区', 'Guangxi'],
  ['46', '海南省', 'Hainan'],
  ['50', '重庆市', 'Chongqing'],
  ['51', '四川省', 'Sichuan'],
  ['52', '贵州省', 'Guizhou'],
  ['53', '云南省', 'Yunnan'],
  ['54', '西藏自治区', 'Xizang'],
  ['61', '陕西省', 'Shaanxi'],
  ['62', '甘肃省', 'Gansu'],
  ['63', '青海省', 'Qinghai'],
  ['64', '宁夏回族自治区', 'Ningxia'],
  ['65', '新疆维吾尔自治区', 'Xinjiang'],
  ['71', '台湾省', 'Taiwan'],
  ['81', '香港特别行政区', 'Hong Kong'],
  ['82', '澳门特别行政区', 'Macao'],
  ['XX', '中国以外', 'Outside China'],
].map(([code, zh, en]) => ({ code, zh, en }));

const CITY = /^([0-9X]{2})\/(.*)$/s;

export function splitCity(value: string): { region: string; city: string } {
  const match = CITY.exec(value);
  return match ? { region: match[1], city: match[2] } : { region: '', city: '' };
}

export function joinCity(region: string, city: string): string {
  return region || city ? `${region}/${city}` : '';
}

/** Whether a stored city answer names a known region and a city of at most 60 characters. */
export function isCityAnswer(value: string): boolean {
  const { region, city } = splitCity(value);
  return REGIONS.some((r) => r.code === region) && city.trim().length > 0 && city.length <= 60;
}

export function describeCity(value: string, locale: Locale): string {
  const { region, city } = splitCity(value);
  const name = REGIONS.find((r) => r.code === region)?.[locale] ?? '';
  return [name, city.trim()].filter(Boolean).join(locale === 'zh' ? ' ' : ', ');
}
