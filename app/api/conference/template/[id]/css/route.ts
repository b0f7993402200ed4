import { findTemplate } from '@/lib/cms/templates';
import { AppError } from '@/lib/http/app-error';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * A template's stylesheet, as the public pages link it (`?v=` its last change, so browsers may keep
 * it for good). Served as text/css on its own, never inlined into a page.
 */
export const GET = route({ published: true }, async ({ db, conference, params }) => {
  const template = await findTemplate(db, conference.id, idParam(params.id));
  if (!template) throw new AppError('TEMPLATE_NOT_FOUND');
  return new Response(template.css, {
    headers: {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
