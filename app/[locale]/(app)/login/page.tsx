import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { OidcCallback } from '@/components/accounts/oidc-callback';
import { AuthCard } from '@/components/layout/auth-card';
import { requirePage } from '@/lib/auth/require-page';
import { abandonLogin } from '@/lib/oidc/complete-login';
import { callbackProblem, SILENT_LOGIN_ERRORS } from '@/lib/oidc/callback-error';
import { findCentral } from '@/lib/oidc/queries';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('oidcCallback');
  return { title: t('title') };
}

type Props = { searchParams: Promise<{ code?: string; state?: string; iss?: string; error?: string }> };

/**
 * /login: the central account login's callback. Exchanges the code (POST /api/base/oauth/login) and
 * goes to the path held in the state. When ?autologon asked with prompt=none and the visitor has no
 * central session, the provider answers login_required: the attempt is used up and the visitor goes
 * back to the address they asked for (without autologon, so no loop).
 */
export default async function CentralLoginPage({ searchParams }: Props) {
  const { db, conference } = await requirePage('/login');
  const query = await searchParams;
  // Without an external central account system, the platform's own central sign-in answers here (lib/auth/sso.ts).
  if (!(await findCentral(db)) && (query.code || query.error) && query.state) {
    const forward = new URLSearchParams({ state: query.state, ...(query.code ? { code: query.code } : { error: query.error ?? '' }) });
    redirect(`/api/sso/callback?${forward}`);
  }
  if (query.error && query.state && /^[\w-]{1,200}$/.test(query.state) && SILENT_LOGIN_ERRORS.has(query.error)) {
    const back = await abandonLogin(db, { kind: 'central', conferenceId: conference.id, state: query.state });
    if (back) redirect(back);
  }
  const t = await getTranslations('oidcCallback');
  const problem = callbackProblem(query);
  return (
    <AuthCard title={t('title')}>
      <OidcCallback
        kind="central"
        code={query.code ?? ''}
        state={query.state ?? ''}
        iss={query.iss ?? ''}
        error={problem ? t(problem.key, { error: problem.error ?? '' }) : null}
      />
    </AuthCard>
  );
}
