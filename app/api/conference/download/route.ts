import { listMaterialsFor } from '@/lib/downloads/materials';
import { viewerOf } from '@/lib/downloads/permissions';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The materials the caller may download (by their audience), and how many others the conference has. */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference, user, roles }) => {
  const viewer = await viewerOf(db, conference.id, user.id, roles);
  const { materials, hidden } = await listMaterialsFor(db, conference.id, viewer);
  return {
    registered: viewer.registered,
    paid: viewer.paid,
    hidden,
    materials: materials.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      audience: m.audience,
      fileName: m.file.oriName,
      size: m.file.size,
      mime: m.file.mime,
    })),
  };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
