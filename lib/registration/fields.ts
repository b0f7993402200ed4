import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import { isRealDate } from '@/lib/validation/primitives';
import type { FieldOption } from '@/db/schema/registrations';
import type { LocalizedText } from '@/lib/i18n/localized';
import { isStoredName } from '@/lib/storage/stored-name';
import { offeredCountries } from './countries';
import { isCityAnswer } from './regions';
import { withOptionValues } from './option-values';
import { CHOICE_TYPES, CUSTOM_TYPES, fileRules, IMAGE_EXTENSIONS, MAX_FILES_PER_ITEM, MULTI_TYPES, type CustomType } from './field-types';
import { hasHiddenCharacters, isLookalikeEmail } from '@/lib/accounts/lookalike';

export type { FieldOption };

export { CHOICE_TYPES, CUSTOM_TYPES, fileRules, IMAGE_EXTENSIONS, MAX_FILES_PER_ITEM, MULTI_TYPES, type CustomType };

export type FormField = {
  key: string;
  kind: 'common' | 'custom';
  type: string;
  label: LocalizedText;
  options: FieldOption[];
  required: boolean;
  enabled: boolean;
  sortOrder: number;
};

type Common = {
  key: string;
  type: string;
  label: LocalizedText;
  enabled: boolean;
  required: boolean;
  locked?: boolean;
  options?: FieldOption[];
};

/** The 15 common items of spec §3, in their default order. name and email are always on and required. */
export const COMMON_FIELDS: readonly Common[] = [
  { key: 'name', type: 'input', label: { zh: '姓名', en: 'Name' }, enabled: true, required: true, locked: true },
  { key: 'email', type: 'input', label: { zh: '邮箱', en: 'Email' }, enabled: true, required: true, locked: true },
  { key: 'telephone', type: 'input', label: { zh: '电话', en: 'Telephone' }, enabled: true, required: true },
  { key: 'country', type: 'select', label: { zh: '国家/地区', en: 'Country/area' }, enabled: true, required: true },
  { key: 'unit', type: 'input', label: { zh: '工作单位', en: 'Organisation' }, enabled: true, required: true },
  { key: 'post', type: 'input', label: { zh: '职务/职称', en: 'Position' }, enabled: true, required: false },
  {
    key: 'gender',
    type: 'radio',
    label: { zh: '性别', en: 'Gender' },
    enabled: false,
    required: false,
    options: [
      { value: 'male', label: { zh: '男', en: 'Male' } },
      { value: 'female', label: { zh: '女', en: 'Female' } },
    ],
  },
  { key: 'birthDay', type: 'date', label: { zh: '出生日期', en: 'Date of birth' }, enabled: false, required: false },
  { key: 'idCard', type: 'input', label: { zh: '身份证号', en: 'ID card number' }, enabled: false, required: false },
  { key: 'passport', type: 'input', label: { zh: '护照号', en: 'Passport number' }, enabled: false, required: false },
  { key: 'address', type: 'input', label: { zh: '通讯地址', en: 'Postal address' }, enabled: false, required: false },
  { key: 'fax', type: 'input', label: { zh: '传真', en: 'Fax' }, enabled: false, required: false },
  { key: 'profile', type: 'textarea', label: { zh: '个人简介', en: 'Profile' }, enabled: false, required: false },
  { key: 'comment', type: 'textarea', label: { zh: '备注', en: 'Comment' }, enabled: true, required: false },
  { key: 'photo', type: 'file', label: { zh: '照片', en: 'Photo' }, enabled: false, required: false },
];
export const LOCKED_KEYS = COMMON_FIELDS.filter((f) => f.locked).map((f) => f.key);

export function defaultFields(): FormField[] {
  return COMMON_FIELDS.map((f, i) => ({
    key: f.key,
    kind: 'common',
    type: f.type,
    label: f.label,
    options: f.options ?? [],
    required: f.required,
    enabled: f.enabled,
    sortOrder: (i + 1) * 10,
  }));
}

/**
 * The form as registrations use it from its stored rows: the defaults when nothing is stored, and
 * common items added to the platform after the form was first saved joined at the end, switched off.
 */
export function completeForm(stored: FormField[]): FormField[] {
  if (!stored.length) return defaultFields();
  const last = stored.reduce((max, f) => Math.max(max, f.sortOrder), 0);
  const missing = defaultFields().filter((d) => d.kind === 'common' && !stored.some((f) => f.key === d.key));
  return [...stored, ...missing.map((d, i) => ({ ...d, enabled: false, required: false, sortOrder: last + (i + 1) * 10 }))];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^[+\d][\d\s()-]{4,29}$/;

/** A registration's answers by item key: a text, or the chosen values / stored file names of a list item. */
export type Answers = Record<string, string | string[]>;
/** The answers as a form holds them before the schema fills the defaults of the optional items. */
export type AnswersInput = Record<string, string | string[] | undefined>;

/**
 * The answers schema for a form: built from the field configuration, used by the form
 * (zodResolver) and by the handler alike. Messages are keys of the `validation` namespace.
 */
export function buildAnswerSchema(fields: readonly FormField[], countryOptions: readonly string[] = []) {
  const shape: Record<string, z.ZodType<Answers[string], AnswersInput[string]>> = {};
  for (const field of fields.filter((f) => f.enabled).sort((a, b) => a.sortOrder - b.sortOrder)) {
    if (field.type === 'file') {
      const names = z
        .array(z.string().refine(isStoredName, 'uploadMissing'), { error: 'uploadRequired' })
        .max(fileRules(field.key).max, 'tooManyFiles');
      shape[field.key] = field.required ? names.min(1, 'uploadRequired') : names.default([]);
      continue;
    }
    if (MULTI_TYPES.includes(field.type)) {
      const allowed = field.options.map((o) => o.value);
      const list = z.array(
        z.string().refine((v) => allowed.includes(v), 'invalidChoice'),
        { error: 'invalidChoice' },
      );
      shape[field.key] = field.required ? list.min(1, 'fieldRequired') : list.default([]);
      continue;
    }
    let text = z
      .string({ error: 'fieldRequired' })
      .trim()
      .max(field.type === 'textarea' ? 4000 : 300, 'tooLong');
    if (field.required) text = text.min(1, 'fieldRequired');
    let rule: z.ZodType<string, string> = text;
    const allowed =
      field.key === 'country'
        ? offeredCountries(countryOptions)
        : CHOICE_TYPES.includes(field.type)
          ? field.options.map((o) => o.value)
          : null;
    if (allowed) rule = text.refine((v) => v === '' || allowed.includes(v), 'invalidChoice');
    else if (field.key === 'email')
      rule = text.refine((v) => v === '' || EMAIL.test(v), 'emailInvalid').refine((v) => !isLookalikeEmail(v), 'emailLookalike');
    else if (field.key === 'name') rule = text.refine((v) => !hasHiddenCharacters(v), 'nameHiddenCharacters');
    else if (field.key === 'telephone' || field.key === 'fax') rule = text.refine((v) => v === '' || PHONE.test(v), 'phoneInvalid');
    else if (field.type === 'city') rule = text.refine((v) => v === '' || isCityAnswer(v), 'cityInvalid');
    else if (field.type === 'date') rule = text.refine((v) => v === '' || isRealDate(v), 'dateInvalid');
    shape[field.key] = field.required ? rule : rule.default('');
  }
  return z.object(shape);
}

/**
 * An organiser's custom item (or the switches of a common one), as the designer sends it; a choice
 * option sent without a value gets one made from its label (the form and the API alike).
 */
export const ZFieldInput = z
  .object({
    key: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/)
      .optional(),
    type: z.enum(CUSTOM_TYPES),
    label: zLocalized({ max: 100, required: true, messages: { required: 'labelRequired' } }),
    options: z
      .array(
        z.object({
          /** Optional: made from the label when left empty (./option-values.ts). */
          value: z.string().trim().max(60, 'tooLong').default(''),
          label: zLocalized({ max: 100, required: true, messages: { required: 'optionRequired' } }),
        }),
      )
      .max(50)
      .default([]),
    required: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (CHOICE_TYPES.includes(value.type) && value.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'optionsRequired' });
    const values = value.options.map((o) => o.value).filter(Boolean);
    if (new Set(values).size !== values.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'optionsDuplicate' });
  })
  .transform((value) => ({ ...value, options: withOptionValues(value.options) }));
export type FieldInput = z.input<typeof ZFieldInput>;
