import { getTranslations } from 'next-intl/server';
import { PromptPage } from '@/components/site/prompt-page';
import { getRequestContext } from '@/lib/tenancy/context';

/** Reached when the host serves no conference (or a page calls notFound()). */
export default async function NotFound() {
  const [t, ctx] = await Promise.all([getTranslations('prompt'), getRequestContext()]);
  if (!ctx.conference) {
    return <PromptPage code="404" title={t('noConferenceTitle')} text={t('noConferenceText')} showHome={false} />;
  }
  return <PromptPage code="404" title={t('notFoundTitle')} text={t('notFoundText')} />;
}
