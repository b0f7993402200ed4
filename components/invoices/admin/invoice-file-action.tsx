'use client';

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorMessage } from '@/components/ui/form-errors';
import { UploadField, useFormUpload } from '@/components/ui/upload-field';
import { useRouter } from '@/lib/i18n/navigation';
import { INVOICE_FILE_MAX_BYTES, INVOICE_FILE_TYPES } from '@/lib/invoices/schemas';

/**
 * "Invoiced" for a request delivered by email: the organiser picks the issued electronic invoice (PDF or OFD, checked
 * by content on the server), sees what will happen, and sends it with its own button; only then is the request
 * invoiced and the requester mailed. A file refused by the server is said under the field and nothing changes; a
 * request moved by someone else meanwhile is refused and the list refreshed.
 */
export function InvoiceFileAction({ id, orderNo }: { id: number; orderNo: string }) {
  const t = useTranslations('invoices');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { progress, send } = useFormUpload();
  const close = () => {
    setOpen(false);
    setFile(null);
    setFailure(undefined);
  };
  const issue = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set('file', file);
      body.set('id', String(id));
      await send('/conference/manage/receipt/file', body);
      notifications.show({ color: 'green', message: t('moved') });
      close();
      router.refresh();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="compact-sm" color="green" variant="light" onClick={() => setOpen(true)} data-testid="invoice-attach-file">
        {t('attachInvoice')}
      </Button>
      <Modal opened={open} onClose={close} title={`${t('attachInvoice')} · ${orderNo}`}>
        <Stack gap="sm" data-testid="invoice-file-form">
          <Text size="sm" c="dimmed">
            {t('attachInvoiceHelp')}
          </Text>
          <UploadField
            label={t('invoiceFile')}
            types={INVOICE_FILE_TYPES}
            maxBytes={INVOICE_FILE_MAX_BYTES}
            buttonLabel={t('chooseInvoiceFile')}
            testId="invoice-file-input"
            value={file}
            progress={progress}
            error={failure}
            onPicked={(picked) => {
              setFile(picked);
              setFailure(undefined);
            }}
          />
          {file && (
            <Text size="sm" data-testid="invoice-file-consequence">
              {t('attachInvoiceConsequence')}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('attachInvoiceCancel')}
            </Button>
            <Button color="green" onClick={issue} loading={busy} disabled={!file} data-testid="invoice-file-send">
              {t('attachInvoiceSend')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
