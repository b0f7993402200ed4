import { getTranslations } from 'next-intl/server';
import { LinkButton, Notice, ui } from '@/components/layout/page-parts';

/** What a login page shows to someone already signed in: who, and the way to registration or the personal centre (server HTML). */
export async function AlreadySignedIn({ email }: { email: string }) {
  const t = await getTranslations('auth');
  return (
    <div className={ui.stack}>
      <Notice color="blue" data-testid="already-logged-in">
        <p className={`${ui.text} ${ui.sm}`}>{t('alreadyLoggedIn', { email })}</p>
      </Notice>
      <div className={ui.group} data-grow="">
        <LinkButton href="/conferenceRegister">{t('goConferenceRegister')}</LinkButton>
        <LinkButton href="/profile/userInfo" variant="light">
          {t('goProfile')}
        </LinkButton>
      </div>
    </div>
  );
}
