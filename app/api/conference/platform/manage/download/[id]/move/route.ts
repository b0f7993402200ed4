import { materialId } from '@/lib/downloads/ids';
import { moveMaterial } from '@/lib/downloads/materials';
import { ZMaterialMove } from '@/lib/downloads/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Moves a material one place up or down in the list. */
export const POST = route({ auth: 'manager', body: ZMaterialMove, changesSite: false }, async ({ db, conference, params, body }) =>
  moveMaterial(db, conference.id, materialId(params.id), body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
