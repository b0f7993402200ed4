import { createMaterial, listMaterialsForOrganiser } from '@/lib/downloads/materials';
import { DOWNLOAD_LIMIT, type MaterialInput } from '@/lib/downloads/schemas';
import { materialFields } from '@/lib/downloads/upload-fields';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Every material of the conference in the participants' order. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listMaterialsForOrganiser(db, conference.id));

/**
 * Adds a material (multipart: `file`, at most 20 MB, of an accepted type checked by content, and
 * `data`, JSON of its title, description and audience); it goes last in the list.
 */
export const POST = route({ auth: 'manager', changesSite: false }, async ({ req, db, conference, user }) => {
  const { form, file, data } = await readUpload(req, DOWNLOAD_LIMIT);
  const fields = materialFields(form, file.name) as MaterialInput;
  return createMaterial(db, conference.id, user.id, fields, { fileName: file.name, data });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
