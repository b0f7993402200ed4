import { requirePage } from '@/lib/auth/require-page';
import { redirect } from '@/lib/i18n/navigation';

export default async function ProfileIndex() {
  const { locale } = await requirePage('/profile');
  redirect({ href: '/profile/userInfo', locale });
}
