import { ZPageInput } from '@/lib/cms/page-schemas';
import { savePage } from '@/lib/cms/pages';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Creates or changes a page (its HTML is sanitised). */
export const POST = route({ auth: 'manager', body: ZPageInput }, async ({ db, conference, body }) => savePage(db, conference.id, body));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
