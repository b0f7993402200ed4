import {
  Container,
  Paper,
  Table,
  TableScrollContainer,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ReviewActions } from '@/components/console/review-actions';
import { requirePage } from '@/lib/auth/require-page';
import { DomainActions } from '@/components/console/domain-actions';
import { pendingDomains } from '@/lib/conferences/domains';
import { pendingRequests } from '@/lib/conferences/lifecycle';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('console');
  return { title: t('reviewTitle') };
}

/** The platform administrator's pending publication requests: approve, or reject with a reason. */
export default async function ReviewPage() {
  const { db, locale } = await requirePage('/console/review');
  const [t, rows, domains] = await Promise.all([getTranslations('console'), pendingRequests(db), pendingDomains(db)]);
  return (
    <Container size="lg" py="xl">
      <Title order={2} mb="lg">
        {t('reviewTitle')}
      </Title>
      <Paper withBorder>
        {rows.length === 0 ? (
          <Text c="dimmed" p="md" data-testid="review-empty">
            {t('reviewEmpty')}
          </Text>
        ) : (
          <TableScrollContainer minWidth={760}>
            <Table striped data-testid="pending-requests">
              <TableThead>
                <TableTr>
                  <TableTh>{t('colTitle')}</TableTh>
                  <TableTh>{t('requester')}</TableTh>
                  <TableTh>{t('requestedAt')}</TableTh>
                  <TableTh>{t('colActions')}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {rows.map((row) => (
                  <TableTr key={row.id} data-request={row.slug}>
                    <TableTd>
                      <Text fw={500}>{localized(row.title, locale)}</Text>
                      <Text size="xs" c="dimmed">
                        {row.slug}
                      </Text>
                    </TableTd>
                    <TableTd>
                      <Text size="sm">
                        {row.requesterName} · {row.requesterEmail}
                      </Text>
                    </TableTd>
                    <TableTd>
                      <Text size="sm">{conferenceFormatter(locale, row.timeZone).dateTime(row.createdAt, 'short')}</Text>
                    </TableTd>
                    <TableTd>
                      <ReviewActions requestId={row.id} />
                    </TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        )}
      </Paper>
      <Title order={3} mt="xl" mb="md">
        {t('domainsTitle')}
      </Title>
      <Paper withBorder>
        {domains.length === 0 ? (
          <Text c="dimmed" p="md" data-testid="domains-empty">
            {t('domainsEmpty')}
          </Text>
        ) : (
          <TableScrollContainer minWidth={640}>
            <Table striped data-testid="pending-domains">
              <TableThead>
                <TableTr>
                  <TableTh>{t('domain')}</TableTh>
                  <TableTh>{t('colTitle')}</TableTh>
                  <TableTh>{t('requestedAt')}</TableTh>
                  <TableTh>{t('colActions')}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {domains.map((row) => (
                  <TableTr key={row.domain} data-domain={row.domain}>
                    <TableTd>
                      <Text fw={500}>{row.domain}</Text>
                    </TableTd>
                    <TableTd>
                      <Text size="sm">{localized(row.title, locale)}</Text>
                      <Text size="xs" c="dimmed">
                        {row.slug}
                      </Text>
                    </TableTd>
                    <TableTd>
                      <Text size="sm">{conferenceFormatter(locale, row.timeZone).dateTime(row.requestedAt, 'short')}</Text>
                    </TableTd>
                    <TableTd>
                      <DomainActions domain={row.domain} />
                    </TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        )}
      </Paper>
    </Container>
  );
}
