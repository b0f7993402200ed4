import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PromptPage } from '@/components/site/prompt-page';
import { requirePage } from '@/lib/auth/require-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('prompt');
  return { title: t('unauthorizedTitle'), robots: { index: false } };
}

export default async function Page() {
  await requirePage('/401');
  const t = await getTranslations('prompt');
  return <PromptPage code="401" title={t('unauthorizedTitle')} text={t('unauthorizedText')} />;
}
