import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { isRegistered } from '@/lib/auth/roles';
import { unreadNoticeCount } from '@/lib/notices/my-notices';
import { getRequestContext } from '@/lib/tenancy/context';
import { SectionShell } from './section-shell';

/** The notices a registrant has not opened (none for anyone else), for the menu's count. */
async function unreadNotices(): Promise<number> {
  const { db, conference, user } = await getRequestContext();
  if (!conference || !user || !(await isRegistered(db, conference.id, user.id))) return 0;
  return unreadNoticeCount(db, conference.id, user.id);
}

/**
 * The personal centre shell, the layout of both `(app)/profile` (screens with Mantine) and
 * `(light)/profile` (the read-only screens drawn without it). Each page checks access itself
 * (requirePage).
 */
export async function ProfileLayout({ children }: { children: ReactNode }) {
  const [t, unread] = await Promise.all([getTranslations('nav'), unreadNotices()]);
  return (
    <SectionShell
      title={t('profile')}
      items={[
        { href: '/profile/userInfo', label: t('userInfo') },
        { href: '/profile/userInfo/Edit', label: t('userInfoEdit') },
        { href: '/profile/conference/fee', label: t('fee') },
        { href: '/profile/order/list', label: t('orders') },
        { href: '/profile/submission', label: t('submission') },
        { href: '/profile/hotel/order', label: t('hotelBooking') },
        { href: '/profile/notice', label: t('notice'), badge: { count: unread, label: t('unreadNotices') } },
        { href: '/profile/download', label: t('download') },
        { href: '/profile/feedback', label: t('feedback') },
      ]}
    >
      {children}
    </SectionShell>
  );
}
