import type { Executor } from '@/db/client';
import { loadCountryOptions, loadFields } from './field-config';
import { buildAnswerSchema, type FormField } from './fields';
import { fileNamesIn } from './uploads';

export type Answers = Record<string, string | string[]>;

/**
 * The answer schemas built lately, by form (the fields and country options as JSON): building a zod schema and its
 * first parse (zod compiles the object's checks) took about a tenth of a server process in a registration rush, and in
 * a rush every registration of a conference has the same form. Schemas hold no state, so a form's schema serves every caller.
 */
const schemas = new Map<string, ReturnType<typeof buildAnswerSchema>>();
const SCHEMAS_KEPT = 200;

function answerSchema(fields: readonly FormField[], countries: readonly string[]) {
  const key = JSON.stringify([fields, countries]);
  let schema = schemas.get(key);
  if (!schema) {
    schema = buildAnswerSchema(fields, countries);
    if (schemas.size >= SCHEMAS_KEPT) schemas.delete(schemas.keys().next().value!);
    schemas.set(key, schema);
  }
  return schema;
}

/**
 * Checks answers against a form (the same schema the browser uses) and lists the uploaded files
 * they name. An organiser's form leaves file items optional: files are uploaded by the
 * participant, and the ones already attached stay.
 */
export function checkAnswers(
  loaded: FormField[],
  countries: string[],
  raw: Record<string, unknown>,
  options: { organiser?: boolean } = {},
) {
  const fields = options.organiser ? loaded.map((f) => (f.type === 'file' ? { ...f, required: false } : f)) : loaded;
  const answers = answerSchema(fields, countries).parse(raw) as Answers;
  return { answers, files: fileNamesIn(fields, answers) };
}

/** checkAnswers with this conference's form: the version in use unless one is named. */
export async function parseAnswers(
  db: Executor,
  conferenceId: number,
  raw: Record<string, unknown>,
  options: { organiser?: boolean; version?: string } = {},
) {
  const [fields, countries] = await Promise.all([loadFields(db, conferenceId, options.version), loadCountryOptions(db, conferenceId)]);
  return checkAnswers(fields, countries, raw, options);
}
