import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { mailTemplateOverride } from '@/db/schema';
import type { MailTemplateName, RenderedMail } from '@/emails/templates';
import type { Locale } from '@/lib/i18n/localized';
import { renderWithOverride, type TemplateOverride } from './render';
import { isEditableTemplate, templateVars, type EditableTemplate } from './template-catalog';
import { isEmptyTemplate, mailTemplateSchema, type MailTemplateInput } from './template-schema';

/** The server's schema of one template's editor: the placeholders that template offers. */
export function templateSchemaFor(name: EditableTemplate) {
  return mailTemplateSchema(templateVars(name));
}

/** The conference's wording of `name` (null: the built-in one). */
export async function templateOverride(db: Executor, conferenceId: number, name: string): Promise<TemplateOverride | null> {
  const [row] = await db
    .select({ subject: mailTemplateOverride.subject, body: mailTemplateOverride.body })
    .from(mailTemplateOverride)
    .where(and(eq(mailTemplateOverride.conferenceId, conferenceId), eq(mailTemplateOverride.template, name)));
  return row ?? null;
}

/** Every template the conference reworded, by name. */
export async function templateOverrides(db: Executor, conferenceId: number): Promise<Partial<Record<EditableTemplate, TemplateOverride>>> {
  const rows = await db
    .select({ template: mailTemplateOverride.template, subject: mailTemplateOverride.subject, body: mailTemplateOverride.body })
    .from(mailTemplateOverride)
    .where(eq(mailTemplateOverride.conferenceId, conferenceId));
  return Object.fromEntries(
    rows.filter((r) => isEditableTemplate(r.template)).map((r) => [r.template, { subject: r.subject, body: r.body }]),
  );
}

/** Saves the wording (all fields empty, or null, is the built-in one again: the row is deleted). */
export async function saveTemplateOverride(
  db: Executor,
  conferenceId: number,
  name: EditableTemplate,
  input: MailTemplateInput | null,
): Promise<TemplateOverride | null> {
  if (input === null || isEmptyTemplate(input)) {
    await db
      .delete(mailTemplateOverride)
      .where(and(eq(mailTemplateOverride.conferenceId, conferenceId), eq(mailTemplateOverride.template, name)));
    return null;
  }
  const value: TemplateOverride = {
    subject: { zh: input.subject.zh, en: input.subject.en },
    body: { zh: input.body.zh, en: input.body.en },
  };
  await db
    .insert(mailTemplateOverride)
    .values({ conferenceId, template: name, ...value })
    .onConflictDoUpdate({
      target: [mailTemplateOverride.conferenceId, mailTemplateOverride.template],
      set: { ...value, updatedAt: sql`now()` },
    });
  return value;
}

/** A conference's mail in `locale`, in its organisers' wording when they wrote one. */
export async function renderConferenceMail(
  db: Executor,
  conferenceId: number | null,
  name: MailTemplateName,
  locale: Locale,
  vars: Record<string, string | number>,
): Promise<RenderedMail> {
  const override = conferenceId !== null && isEditableTemplate(name) ? await templateOverride(db, conferenceId, name) : null;
  return renderWithOverride(name, override, locale, vars);
}
