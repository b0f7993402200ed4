// The item types and file rules of the registration form, without zod: the form uses them before its schema (fields.ts) is loaded.

/** Custom item types an organiser can add (spec §3). */
export const CUSTOM_TYPES = ['input', 'textarea', 'date', 'radio', 'checkBox', 'select', 'multiSelect', 'file', 'city'] as const;
export type CustomType = (typeof CUSTOM_TYPES)[number];
export const CHOICE_TYPES: readonly string[] = ['radio', 'checkBox', 'select', 'multiSelect'];
/** Types whose answer is a list: several choices, or the stored names of uploaded files. */
export const MULTI_TYPES: readonly string[] = ['checkBox', 'multiSelect', 'file'];
export const MAX_FILES_PER_ITEM = 5;
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png'];

/** How many files a file item takes and of which kinds (null: every accepted kind); the photo is one image. */
export function fileRules(key: string): { max: number; extensions: readonly string[] | null } {
  return key === 'photo' ? { max: 1, extensions: IMAGE_EXTENSIONS } : { max: MAX_FILES_PER_ITEM, extensions: null };
}
