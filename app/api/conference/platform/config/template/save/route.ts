import { ZTemplateInput } from '@/lib/cms/template-schemas';
import { saveTemplate } from '@/lib/cms/templates';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Creates or changes a page template (HTML sanitised, stylesheet up to 1024 KB). */
export const POST = route({ auth: 'manager', body: ZTemplateInput }, async ({ db, conference, body }) =>
  saveTemplate(db, conference.id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
