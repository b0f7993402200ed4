import { templateStylesheet } from '@/lib/cms/templates';
import { AppError } from '@/lib/http/app-error';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * A template's stylesheet, as the public pages link it (`?v=` its last change, so browsers may keep
 * it for good). Served as text/css on its own, never inlined into a page. Only a template that draws the
 * site is anyone's to read; another template of the conference is its administrators' only (not cached), and to
 * everyone else the same 404 as a template that does not exist.
 */
export const GET = route({ published: true }, async ({ db, conference, params, roles }) => {
  const sheet = await templateStylesheet(db, conference.id, idParam(params.id), { manager: roles.manager || roles.platformAdmin });
  if (!sheet) throw new AppError('TEMPLATE_NOT_FOUND');
  return new Response(sheet.css, {
    headers: {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': sheet.public ? 'public, max-age=31536000, immutable' : 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
