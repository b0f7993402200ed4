import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ActivationForm } from '@/components/reviewers/activation-form';
import { InvitationUsed } from '@/components/reviewers/invitation-used';
import { AuthCard } from '@/components/layout/auth-card';
import { requirePage } from '@/lib/auth/require-page';
import { localized } from '@/lib/i18n/localized';
import { invitationByKey } from '@/lib/reviewers/activate';
import { ZInvitationKey } from '@/lib/reviewers/schemas';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reviewers');
  return { title: t('activateTitle') };
}

/**
 * Reviewer activation (spec §2 /review/active/:key, anonymous): the invitation behind the key, or
 * the already-activated message when the key is unknown, replaced or used.
 */
export default async function ReviewerActivationPage({ params }: { params: Promise<{ key: string }> }) {
  const { db, conference, locale } = await requirePage('/review/active/:key');
  const parsed = ZInvitationKey.safeParse((await params).key);
  const invitation = parsed.success ? await invitationByKey(db, conference.id, parsed.data) : ({ state: 'used' } as const);
  const t = await getTranslations('reviewers');
  return (
    <AuthCard title={t('activateTitle')} subtitle={t('activateSubtitle', { conference: localized(conference.title, locale) })}>
      {invitation.state === 'pending' && parsed.success ? (
        <ActivationForm invitation={invitation} activationKey={parsed.data} />
      ) : (
        <InvitationUsed />
      )}
    </AuthCard>
  );
}
