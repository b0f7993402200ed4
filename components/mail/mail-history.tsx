import { Paper, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { CampaignSummary } from '@/lib/mail/campaigns';

/** The bulk mails sent so far: date, subject, recipients, delivered and failed (read from the outbox). */
export async function MailHistory({ campaigns, locale, timeZone }: { campaigns: CampaignSummary[]; locale: Locale; timeZone: string }) {
  const t = await getTranslations('bulkMail');
  const format = conferenceFormatter(locale, timeZone);
  return (
    <Paper withBorder p="md" data-testid="mail-history">
      <Title order={4} mb="sm">
        {t('historyTitle')}
      </Title>
      {campaigns.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="mail-history-empty">
          {t('historyEmpty')}
        </Text>
      ) : (
        <TableScrollContainer minWidth={600}>
          <Table striped>
            <TableThead>
              <TableTr>
                <TableTh>{t('colDate')}</TableTh>
                <TableTh>{t('colSubject')}</TableTh>
                <TableTh>{t('colRecipients')}</TableTh>
                <TableTh>{t('colDelivered')}</TableTh>
                <TableTh>{t('colFailed')}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {campaigns.map((c) => (
                <TableTr key={c.id} data-testid="mail-history-row">
                  <TableTd>{format.dateTime(c.createdAt, 'short')}</TableTd>
                  <TableTd data-testid="mail-history-subject">{localized(c.subject, locale)}</TableTd>
                  <TableTd data-testid="mail-history-recipients">{c.recipients}</TableTd>
                  <TableTd data-testid="mail-history-delivered">{c.delivered}</TableTd>
                  <TableTd data-testid="mail-history-failed">{c.failed}</TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        </TableScrollContainer>
      )}
    </Paper>
  );
}
