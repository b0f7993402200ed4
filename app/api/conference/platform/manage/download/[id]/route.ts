import { materialId } from '@/lib/downloads/ids';
import { deleteMaterial, updateMaterial } from '@/lib/downloads/materials';
import { ZMaterialInput } from '@/lib/downloads/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Changes a material's title, description and audience. */
export const PUT = route({ auth: 'manager', body: ZMaterialInput, changesSite: false }, async ({ db, conference, params, body }) =>
  updateMaterial(db, conference.id, materialId(params.id), body),
);

/** Deletes a material and its file. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params }) =>
  deleteMaterial(db, conference.id, materialId(params.id)),
);

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
