import type { Executor } from '@/db/client';
import { loadCountryOptions, loadFields } from './field-config';
import { buildAnswerSchema } from './fields';

/** Checks answers against this conference's form (the same schema the browser uses). */
export async function parseAnswers(db: Executor, conferenceId: number, answers: Record<string, unknown>): Promise<Record<string, string | string[]>> {
  const [fields, countries] = await Promise.all([loadFields(db, conferenceId), loadCountryOptions(db, conferenceId)]);
  return buildAnswerSchema(fields, countries).parse(answers) as Record<string, string | string[]>;
}
