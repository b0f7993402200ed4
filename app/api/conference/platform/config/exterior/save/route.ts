import { saveAppearance } from '@/lib/cms/appearances';
import { ZAppearanceInput } from '@/lib/cms/template-schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Creates or changes an appearance: names, thumbnail, home and page templates. */
export const POST = route({ auth: 'manager', body: ZAppearanceInput }, async ({ db, conference, body }) =>
  saveAppearance(db, conference.id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
