import type { LocalizedText } from '@/lib/i18n/localized';

/** The longest value made from a label, leaving room for a `_<n>` that keeps it unique. */
const BASE_MAX = 40;

/**
 * A choice option's value made from its label: the English name in lower case, its letters and
 * digits joined by `_` ("Vegetarian meal" → `vegetarian_meal`); '' when the English name has none
 * (a Chinese-only option), and the caller numbers it instead.
 */
export function optionValueFrom(label: LocalizedText): string {
  return label.en
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, BASE_MAX)
    .replace(/_+$/, '');
}

/**
 * The options with a value each: a value the organiser set is kept as it is; an empty one is made
 * from the label (or `option_<position>`, or the next free number, without an English name), with `_2`, `_3`… when another
 * option of the field already has it. The same options always get the same values, and once saved
 * a value is the organiser's (it no longer changes with the label, so answers keep their meaning).
 */
export function withOptionValues<T extends { value?: string; label: LocalizedText }>(options: readonly T[]): (T & { value: string })[] {
  const taken = new Set(options.map((o) => o.value?.trim() ?? '').filter(Boolean));
  return options.map((option, index) => {
    const set = option.value?.trim() ?? '';
    if (set) return { ...option, value: set };
    const base = optionValueFrom(option.label);
    let value = base || `option_${index + 1}`;
    if (base) for (let n = 2; taken.has(value); n++) value = `${base}_${n}`;
    else for (let n = index + 2; taken.has(value); n++) value = `option_${n}`;
    taken.add(value);
    return { ...option, value };
  });
}
