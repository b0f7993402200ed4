'use client';

import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useController, type Control, type FieldPathByValue, type FieldValues, type Path } from 'react-hook-form';
import type { LocalizedText } from '@/lib/i18n/localized';
import { RichTextInput } from './rich-text-editor';
import { useFieldError } from './use-api';

type PerLanguage<T> = T | { zh: T; en: T };
const pick = <T,>(value: PerLanguage<T> | undefined, lang: 'zh' | 'en'): T | undefined =>
  value !== null && typeof value === 'object' && 'zh' in value && 'en' in value ? value[lang] : (value as T | undefined);

export type BilingualInputProps<T extends FieldValues, TOutput extends FieldValues> = {
  /** `form.control` of the form (useApiForm or useForm). */
  control: Control<T, unknown, TOutput>;
  /** The path of a `{ zh, en }` value (a zLocalized field). */
  name: FieldPathByValue<T, LocalizedText | undefined>;
  /** The two boxes' labels (already in the user's language). */
  label: { zh: string; en: string };
  required?: boolean;
  maxLength?: PerLanguage<number>;
  description?: PerLanguage<string>;
  placeholder?: PerLanguage<string>;
  /** A growing text area instead of a one-line box (`code`: in a monospace font, for HTML or CSS). */
  multiline?: boolean | { minRows?: number; maxRows?: number; code?: boolean };
  /** The rich-text editor (HTML); the two editors are stacked. */
  rich?: boolean;
  /** One box under the other at every width (the default for rich text). */
  stacked?: boolean;
  /** Rich mode: pictures can be inserted (the file is uploaded, its address put in the text). */
  onImageUpload?: (file: File) => Promise<string>;
  /** `data-testid` of the boxes: `${testId}-zh` and `${testId}-en`. */
  testId?: string;
  disabled?: boolean;
};

/**
 * The one bilingual input pair: the zh and en texts of a `LocalizedText` field side by side, stacked
 * on phones (rich text always stacked), each with its own error in the user's language.
 */
export function BilingualInput<T extends FieldValues, TOutput extends FieldValues>(props: BilingualInputProps<T, TOutput>) {
  const boxes = (
    <>
      <LanguageBox {...props} lang="zh" />
      <LanguageBox {...props} lang="en" />
    </>
  );
  return props.rich || props.stacked ? <Stack gap="md">{boxes}</Stack> : <SimpleGrid cols={{ base: 1, sm: 2 }}>{boxes}</SimpleGrid>;
}

function LanguageBox<T extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  label,
  required,
  maxLength,
  description,
  placeholder,
  multiline,
  rich,
  onImageUpload,
  testId,
  disabled,
  lang,
}: BilingualInputProps<T, TOutput> & { lang: 'zh' | 'en' }) {
  const fieldError = useFieldError();
  // The name's value is a { zh, en } object, so `${name}.zh` is a path of the form.
  const { field, fieldState } = useController({ control, name: `${name}.${lang}` as Path<T> });
  const common = {
    label: label[lang],
    error: fieldError(fieldState.error),
    'data-testid': testId ? `${testId}-${lang}` : undefined,
  };
  if (rich) {
    return (
      <RichTextInput
        label={common.label}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={field.onChange}
        error={common.error}
        testId={common['data-testid']}
        onImageUpload={onImageUpload}
      />
    );
  }
  const box = {
    ...common,
    required,
    disabled,
    maxLength: pick(maxLength, lang),
    description: pick(description, lang),
    placeholder: pick(placeholder, lang),
    name: field.name,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
  };
  if (multiline) {
    const rows = typeof multiline === 'object' ? multiline : {};
    return (
      <Textarea
        {...box}
        autosize
        minRows={rows.minRows ?? 2}
        maxRows={rows.maxRows}
        styles={rows.code ? { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } } : undefined}
      />
    );
  }
  return <TextInput {...box} />;
}
