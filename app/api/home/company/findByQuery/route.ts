import { route } from '@/lib/http/route';
import { findUnits, ZUnitQuery } from '@/lib/units/units';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The unit (organisation) list of the forms' unit field: id, zhTitle, enTitle; open to everyone (spec §7, §9). */
export const POST = route({ body: ZUnitQuery }, async ({ db, body }) => findUnits(db, body));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
