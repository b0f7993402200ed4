import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PromptPage } from '@/components/site/prompt-page';
import { requirePage } from '@/lib/auth/require-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('prompt');
  return { title: t('unpublishedTitle'), robots: { index: false } };
}

export default async function Page() {
  await requirePage('/unpublished');
  const t = await getTranslations('prompt');
  return <PromptPage code="—" title={t('unpublishedTitle')} text={t('unpublishedText')} />;
}
