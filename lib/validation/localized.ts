import { z } from 'zod';

/** Both languages empty: the default of an optional bilingual field. */
export const EMPTY_LOCALIZED = { zh: '', en: '' } as const;

export type ZLocalizedOptions = {
  /** Longest text per language (one number for both, or one per language). */
  max: number | { zh: number; en: number };
  /** Both languages must be given. */
  required?: boolean;
  /** HTML from the rich-text editor: kept exactly as written (not trimmed). Plain text is trimmed. */
  rich?: boolean;
  /** Keys under `validation` for the messages; by default `fieldRequired` and `tooLong`. */
  messages?: { required?: string; tooLong?: string; notText?: string };
  /** A further rule on each language's text (e.g. a mail subject on one line). */
  refine?: { check: (text: string) => boolean; message: string };
};

/**
 * The one schema of an organiser-typed bilingual text `{ zh, en }` (the `LocalizedText` value),
 * shared by the form (zodResolver) and the handler. Messages are keys under `validation`, present in
 * both languages' messages. An optional field takes `.default(EMPTY_LOCALIZED)` where a missing value
 * is allowed.
 */
export function zLocalized(options: ZLocalizedOptions) {
  const one = (max: number) => {
    const base = options.messages?.notText ? z.string(options.messages.notText) : z.string();
    let text = options.rich ? base : base.trim();
    if (options.required) text = text.min(1, options.messages?.required ?? 'fieldRequired');
    text = text.max(max, options.messages?.tooLong ?? 'tooLong');
    const refine = options.refine;
    return refine ? text.refine(refine.check, refine.message) : text;
  };
  const max = typeof options.max === 'number' ? { zh: options.max, en: options.max } : options.max;
  return z.object({ zh: one(max.zh), en: one(max.en) });
}
