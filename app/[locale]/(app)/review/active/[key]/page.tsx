import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ActivationForm } from '@/components/reviewers/activation-form';
import { InvitationSignIn } from '@/components/reviewers/invitation-sign-in';
import { InvitationUsed } from '@/components/reviewers/invitation-used';
import { AuthCard } from '@/components/layout/auth-card';
import { requirePage } from '@/lib/auth/require-page';
import { localized } from '@/lib/i18n/localized';
import { countryChoices } from '@/lib/registration/countries';
import { invitationByKey } from '@/lib/reviewers/activate';
import { ZInvitationKey } from '@/lib/reviewers/schemas';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reviewers');
  return { title: t('activateTitle') };
}

/**
 * Reviewer activation (spec §2 /review/active/:key, anonymous): the invitation behind the key and
 * what this visitor must do (a new account's form with the emailed code; signing in as the invited
 * account first; or, signed in as it, the profile form), or the already-activated message when the
 * key is unknown, replaced or used.
 */
export default async function ReviewerActivationPage({ params }: { params: Promise<{ key: string }> }) {
  const { db, conference, locale, user } = await requirePage('/review/active/:key');
  const parsed = ZInvitationKey.safeParse((await params).key);
  const invitation = parsed.success ? await invitationByKey(db, conference.id, parsed.data, user) : ({ state: 'used' } as const);
  const t = await getTranslations('reviewers');
  return (
    <AuthCard title={t('activateTitle')} subtitle={t('activateSubtitle', { conference: localized(conference.title, locale) })}>
      {invitation.state !== 'pending' || !parsed.success ? (
        <InvitationUsed />
      ) : invitation.step === 'signInFirst' ? (
        <InvitationSignIn email={invitation.email} activationKey={parsed.data} signedInAs={user?.email ?? null} />
      ) : (
        <ActivationForm
          invitation={{ ...invitation, step: invitation.step }}
          activationKey={parsed.data}
          countries={countryChoices(locale)}
        />
      )}
    </AuthCard>
  );
}
