import { Container, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DomainActions } from '@/components/conferences/domain-actions';
import { ReviewActions } from '@/components/conferences/review-actions';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { pendingDomains } from '@/lib/conferences/domains';
import { pendingRequests } from '@/lib/conferences/lifecycle';
import { siteGaps } from '@/lib/conferences/site-gaps';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type LocalizedText } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('console');
  return { title: t('reviewTitle') };
}

/** A conference named by its title, with its address name under it. */
function ConferenceCell({ title, slug, locale }: { title: LocalizedText; slug: string; locale: 'zh' | 'en' }) {
  return (
    <>
      <Text fw={500}>{localized(title, locale)}</Text>
      <Text size="xs" c="dimmed">
        {slug}
      </Text>
    </>
  );
}

/**
 * The platform administrator's review: pending publication requests (approve, or reject with a
 * reason) and conference domains waiting for approval.
 */
export default async function ReviewPage() {
  const { db, locale } = await requirePage('/console/review');
  const [t, rows, domains] = await Promise.all([getTranslations('console'), pendingRequests(db), pendingDomains(db)]);
  // What each site still lacks, shown when the administrator approves it.
  const gaps = await Promise.all(rows.map((row) => siteGaps(db, row.conferenceId)));
  const when = (date: Date, timeZone: string) => <Text size="sm">{conferenceFormatter(locale, timeZone).dateTime(date, 'short')}</Text>;
  return (
    <Container size="lg" py="xl">
      <Title order={2} mb="lg">
        {t('reviewTitle')}
      </Title>
      <ListTable
        head={[t('colTitle'), t('requester'), t('requestedAt'), t('colActions')]}
        rows={rows.map((row, i) => ({
          key: row.id,
          attrs: { 'data-request': row.slug },
          cells: [
            <ConferenceCell key="c" title={row.title} slug={row.slug} locale={locale} />,
            <Text key="r" size="sm">
              {row.requesterName} · {row.requesterEmail}
            </Text>,
            when(row.createdAt, row.timeZone),
            <ReviewActions key="a" requestId={row.id} title={localized(row.title, locale)} gaps={gaps[i]} />,
          ],
        }))}
        empty={t('reviewEmpty')}
        minWidth={760}
        testId="pending-requests"
        emptyTestId="review-empty"
      />
      <Title order={3} mt="xl" mb="md">
        {t('domainsTitle')}
      </Title>
      <ListTable
        head={[t('domain'), t('colTitle'), t('requestedAt'), t('colActions')]}
        rows={domains.map((row) => ({
          key: row.domain,
          attrs: { 'data-domain': row.domain },
          cells: [
            <Text key="d" fw={500}>
              {row.domain}
            </Text>,
            <ConferenceCell key="c" title={row.title} slug={row.slug} locale={locale} />,
            when(row.requestedAt, row.timeZone),
            <DomainActions key="a" domain={row.domain} />,
          ],
        }))}
        empty={t('domainsEmpty')}
        minWidth={640}
        testId="pending-domains"
        emptyTestId="domains-empty"
      />
    </Container>
  );
}
