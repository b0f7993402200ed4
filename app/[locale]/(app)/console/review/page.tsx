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
import { pendingRequests } from '@/lib/conferences/lifecycle';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('console');
  return { title: t('reviewTitle') };
}

/** The platform administrator's pending publication requests: approve, or reject with a reason. */
export default async function ReviewPage() {
  const { db, locale } = await requirePage('/console/review');
  const [t, rows] = await Promise.all([getTranslations('console'), pendingRequests(db)]);
  const dateTime = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Shanghai',
  });
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
                      <Text size="sm">{dateTime.format(row.createdAt)}</Text>
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
    </Container>
  );
}
