/**
 * Where a refusal's `fields` (the envelope's `{ "title.zh": "…" }`, lib/http/error-response.ts) go on
 * a form: each key is a form path. A body sent as `{ data: values }` answers with `data.`-prefixed
 * keys, which are dropped; `fieldMap` renames the keys a form names differently; the key `_` (a
 * refusal of the whole body) belongs to no field and is left out.
 */
export function serverFieldErrors(
  fields: Record<string, string> | undefined,
  fieldMap: Record<string, string> = {},
): { name: string; message: string }[] {
  if (!fields) return [];
  const errors: { name: string; message: string }[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const name = fieldMap[key] ?? key.replace(/^data\./, '');
    if (!name || name === '_') continue;
    errors.push({ name, message });
  }
  return errors;
}
