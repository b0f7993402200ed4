import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { VerifyPage } from '@/components/certificates/verify-page';
import { requirePage } from '@/lib/auth/require-page';
import { verifyCertificate } from '@/lib/certificates/certificates';
import { checkVerifyRate } from '@/lib/certificates/verify-rate';
import { clientIp } from '@/lib/http/client-ip';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('onsiteDocs');
  return { title: t('verifyTitle'), robots: { index: false } };
}

/** The public verification of a certificate of attendance: the form, and the answer for `?code=` (rate-limited). */
export default async function CertificateVerifyPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, conference, locale } = await requirePage('/certificate/verify');
  const raw = (await searchParams).code;
  const asked = (Array.isArray(raw) ? raw[0] : (raw ?? '')).trim().slice(0, 200);
  // Past the per-client limit the page says so instead of looking the code up.
  const limited = asked
    ? await checkVerifyRate(db, clientIp(await headers())).then(
        () => false,
        () => true,
      )
    : false;
  const found = asked && !limited ? await verifyCertificate(db, conference.id, asked) : null;
  return <VerifyPage locale={locale} asked={asked} found={found} limited={limited} />;
}
