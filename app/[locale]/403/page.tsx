import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PromptPage } from '@/components/site/prompt-page';
import { requirePage } from '@/lib/auth/require-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('prompt');
  return { title: t('forbiddenTitle'), robots: { index: false } };
}

export default async function Page() {
  await requirePage('/403');
  const t = await getTranslations('prompt');
  return <PromptPage code="403" title={t('forbiddenTitle')} text={t('forbiddenText')} />;
}
