import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MaterialManager } from '@/components/downloads/material-manager';
import { requirePage } from '@/lib/auth/require-page';
import { listMaterialsForOrganiser } from '@/lib/downloads/materials';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('downloads');
  return { title: t('manageTitle') };
}

/** Download materials (spec §1, §2 /profile/download), uploaded and ordered by the organisers. */
export default async function ManageDownloadPage() {
  const { db, conference, roles } = await requirePage('/platform/manage/download');
  if (!roles.manager && !roles.platformAdmin) return null;
  const materials = await listMaterialsForOrganiser(db, conference.id);
  return (
    <MaterialManager
      materials={materials.map((m) => ({
        id: m.id,
        title: m.title,
        description: m.description,
        audience: m.audience,
        fileName: m.file.oriName,
        size: m.file.size,
      }))}
    />
  );
}
