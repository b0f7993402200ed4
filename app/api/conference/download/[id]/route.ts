import { materialId } from '@/lib/downloads/ids';
import { materialToDownload } from '@/lib/downloads/materials';
import { viewerOf } from '@/lib/downloads/permissions';
import { storedFileResponse } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { storedKeyOf } from '@/lib/storage/intake';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * Downloads a material: the caller's audience is checked again on every download (registered,
 * paid registration), the file goes out under its original name with its type, and no shared
 * cache keeps it.
 */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference, user, roles, params }) => {
  const id = materialId(params.id);
  const viewer = await viewerOf(db, conference.id, user.id, roles);
  const material = await materialToDownload(db, conference.id, viewer, id);
  return storedFileResponse(await storedKeyOf(conference.id, material.file.name), {
    mime: material.file.mime,
    fileName: material.file.oriName,
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
