import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OidcCallback } from '@/components/accounts/oidc-callback';
import { AuthCard } from '@/components/layout/auth-card';
import { requirePage } from '@/lib/auth/require-page';
import { callbackProblem } from '@/lib/oidc/callback-error';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('oidcCallback');
  return { title: t('title') };
}

type Props = { searchParams: Promise<{ code?: string; state?: string; iss?: string; error?: string }> };

/**
 * /oidcLogin: the organisation login's callback. Exchanges the code (POST /api/base/oauth/oidcLogin),
 * then an unregistered account goes to /conferenceRegister, others to the path held in the state.
 */
export default async function OidcLoginPage({ searchParams }: Props) {
  await requirePage('/oidcLogin');
  const query = await searchParams;
  const t = await getTranslations('oidcCallback');
  const problem = callbackProblem(query);
  return (
    <AuthCard title={t('title')}>
      <OidcCallback
        kind="organisation"
        code={query.code ?? ''}
        state={query.state ?? ''}
        iss={query.iss ?? ''}
        error={problem ? t(problem.key, { error: problem.error ?? '' }) : null}
      />
    </AuthCard>
  );
}
