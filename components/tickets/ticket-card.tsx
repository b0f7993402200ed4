import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { IssuedTicket } from '@/lib/tickets/issue-ticket';
import { ticketPdfPath } from '@/lib/tickets/issue-ticket';
import { qrPath } from '@/lib/tickets/qr-path';

/**
 * The participant's ticket at the top of their profile: a large QR code (drawn on the server as SVG, crisp on any
 * screen, no client code) to hold up at the door, the registration number and the name, and the PDF to download.
 */
export async function TicketCard({ issued, locale }: { issued: IssuedTicket; locale: Locale }) {
  const t = await getTranslations('ticket');
  const { size, d } = qrPath(issued.token);
  const { holder } = issued;
  return (
    <Paper withBorder p="sm" mb="md" data-testid="ticket-card">
      <Stack gap={4} align="center">
        <Title order={3} size="h5">
          {t('title')}
        </Title>
        <Text fw={600} fz="lg" lh={1.3} ta="center" data-testid="ticket-name">
          {holder.name}
        </Text>
        <Text fw={700} fz={22} lh={1.3} data-testid="ticket-code">
          <Text span size="sm" c="dimmed" fw={400} mr={6}>
            {t('registrationNo')}
          </Text>
          {holder.code}
        </Text>
        {/* Name and number first, then the code: all three in a phone's first screen under the site's header. */}
        <svg
          role="img"
          aria-label={t('qrAlt', { code: holder.code })}
          data-testid="ticket-qr"
          viewBox={`0 0 ${size} ${size}`}
          shapeRendering="crispEdges"
          style={{ width: 'min(100%, 250px)', height: 'auto', display: 'block' }}
        >
          <rect width={size} height={size} fill="#ffffff" />
          <path d={d} fill="#000000" />
        </svg>
        <Text size="sm" c="dimmed">
          {t('showAtDoor')}
        </Text>
        {holder.feeCategory && (
          <Text size="sm" c="dimmed">
            {t('fee')}: {localized(holder.feeCategory, locale)}
          </Text>
        )}
        <Button component="a" href={ticketPdfPath()} download variant="light" mt={4} data-testid="ticket-pdf">
          {t('downloadPdf')}
        </Button>
      </Stack>
    </Paper>
  );
}
