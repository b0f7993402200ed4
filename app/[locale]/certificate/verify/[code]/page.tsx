import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { VerifyPage } from '@/components/certificates/verify-page';
import { requirePage } from '@/lib/auth/require-page';
import { verifyCertificate } from '@/lib/certificates/certificates';
import { checkVerifyRate } from '@/lib/certificates/verify-rate';
import { clientIp } from '@/lib/http/client-ip';
import { decodeAddressPart } from '@/lib/http/text';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('onsiteDocs');
  return { title: t('verifyTitle'), robots: { index: false } };
}

/** The address printed on a certificate (and in its QR code): the answer for that code, and the form for another. */
export default async function CertificateVerifyCodePage({ params }: { params: Promise<{ code: string }> }) {
  const { db, conference, locale } = await requirePage('/certificate/verify/:code');
  const asked = (decodeAddressPart((await params).code) ?? '').trim().slice(0, 200);
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
