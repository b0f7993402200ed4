'use client';

import { Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { UploadField } from '@/components/ui/upload-field';
import { useRouter } from '@/lib/i18n/navigation';
import { INVOICE_FILE_MAX_BYTES, INVOICE_FILE_TYPES } from '@/lib/invoices/schemas';

/**
 * "Invoiced" for a request delivered by email: the organiser attaches the issued electronic invoice
 * (PDF or OFD, checked by content on the server); once received the request is invoiced and the
 * requester is mailed. A request moved by someone else meanwhile is refused and the list refreshed.
 */
export function InvoiceFileAction({ id, orderNo }: { id: number; orderNo: string }) {
  const t = useTranslations('invoices');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-sm" color="green" variant="light" onClick={() => setOpen(true)} data-testid="invoice-attach-file">
        {t('attachInvoice')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`${t('attachInvoice')} · ${orderNo}`}>
        <Stack gap="sm" data-testid="invoice-file-form">
          <Text size="sm" c="dimmed">
            {t('attachInvoiceHelp')}
          </Text>
          <UploadField
            label={t('invoiceFile')}
            types={INVOICE_FILE_TYPES}
            maxBytes={INVOICE_FILE_MAX_BYTES}
            url="/conference/manage/receipt/file"
            fields={{ id: String(id) }}
            buttonLabel={t('chooseInvoiceFile')}
            testId="invoice-file-input"
            onUploaded={() => {
              notifications.show({ color: 'green', message: t('moved') });
              setOpen(false);
              router.refresh();
            }}
          />
        </Stack>
      </Modal>
    </>
  );
}
