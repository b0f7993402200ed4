import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { defaultTemplate, isEditableTemplate, templateVars, type EditableTemplate } from '@/lib/mail/template-catalog';
import { saveTemplateOverride, templateOverride, templateSchemaFor } from '@/lib/mail/template-overrides';
import { ZMailTemplateShape } from '@/lib/mail/template-schema';
import { otherMethods } from '@/lib/http/method-not-allowed';

function templateName(params: Record<string, string>): EditableTemplate {
  const name = params.name ?? '';
  if (!isEditableTemplate(name)) throw new AppError('MAIL_TEMPLATE_NOT_FOUND');
  return name;
}

/** One mail template: the conference's wording (null: the built-in one), its placeholders and the built-in wording. */
export const GET = route({ auth: 'manager' }, async ({ db, conference, params }) => {
  const name = templateName(params);
  return { template: await templateOverride(db, conference.id, name), vars: templateVars(name), defaults: defaultTemplate(name) };
});

/** Saves the subject and body in zh and en; placeholders other than the template's are refused, all empty is the built-in wording. */
export const PUT = route({ auth: 'manager', body: ZMailTemplateShape, changesSite: false }, async ({ db, conference, params, body }) => {
  const name = templateName(params);
  return { template: await saveTemplateOverride(db, conference.id, name, templateSchemaFor(name).parse(body)) };
});

/** Restores the built-in wording (the conference's wording is deleted). */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params }) => ({
  template: await saveTemplateOverride(db, conference.id, templateName(params), null),
}));

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');
