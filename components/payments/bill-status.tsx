'use client';

import { Alert, Button, Group, Image, Loader, Stack, Table, TableTbody, TableTd, TableTh, TableTr, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage, showApiError } from '@/components/ui/form-errors';
import { UploadField, useFormUpload } from '@/components/ui/upload-field';
import { useApi, useAppLocale } from '@/components/ui/use-api';
import { formatMoney } from '@/lib/fees/money';
import { isPayable } from '@/lib/orders/rules';
import { localized, type LocalizedText } from '@/lib/i18n/localized';
import type { BillView } from '@/lib/payments/bill-view';
import { METHOD_FIELDS } from '@/lib/payments/method-fields';
import { SLIP_MAX_BYTES, SLIP_TYPES } from '@/lib/payments/slip-rules';
import type { MethodKind } from '@/lib/payments/providers/types';
import { StatusBadge } from '@/components/ui/status-badge';

const POLL_MS = 3_000;
const OFFLINE = ['bankRemit', 'postRemit', 'other'];
const COLORS: Record<string, string> = { paid: 'green', pending: 'blue', delay: 'yellow', toBeConfirmed: 'yellow' };

/** A bill's state, polled until it is final; what to do next (provider page, QR code, transfer slip). */
export function BillStatus({ initial, cancelledAtProvider }: { initial: BillView; cancelledAtProvider: boolean }) {
  const t = useTranslations('payments');
  const api = useApi();
  const locale = useAppLocale();
  const [view, setView] = useState(initial);
  const { bill } = view;

  useEffect(() => {
    if (view.final || bill.status === 'toBeConfirmed') return;
    const timer = setInterval(async () => {
      try {
        setView(await api<BillView>(`/conference/pay/bill/${bill.id}`));
      } catch {
        // The next round tries again.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [api, bill.id, bill.status, view.final]);

  const amount = formatMoney(bill.amountMinor, bill.currency, locale);
  return (
    <Stack gap="md" data-testid="bill-status" data-status={bill.status}>
      <Table withRowBorders={false} w="auto">
        <TableTbody>
          <TableTr>
            <TableTh>{t('billNo')}</TableTh>
            <TableTd ff="monospace" data-testid="bill-no">
              {bill.billNo}
            </TableTd>
          </TableTr>
          <TableTr>
            <TableTh>{t('amount')}</TableTh>
            <TableTd fw={600} data-testid="bill-amount">
              {amount}
            </TableTd>
          </TableTr>
          <TableTr>
            <TableTh>{t('method')}</TableTh>
            <TableTd>{t(`kind_${bill.methodKind}`)}</TableTd>
          </TableTr>
          <TableTr>
            <TableTh>{t('status')}</TableTh>
            <TableTd>
              <StatusBadge size="md" color={COLORS[bill.status] ?? 'gray'} variant="light" data-testid="bill-state">
                {t(`bill_${bill.status}`)}
              </StatusBadge>
            </TableTd>
          </TableTr>
        </TableTbody>
      </Table>
      {cancelledAtProvider && bill.status === 'pending' && <Alert color="orange">{t('cancelledAtProvider')}</Alert>}
      {bill.status === 'pending' && <OnlineNext view={view} />}
      {OFFLINE.includes(bill.methodKind) && (bill.status === 'delay' || bill.status === 'toBeConfirmed') && (
        <OfflineNext view={view} onChange={setView} />
      )}
      <Group gap="sm">
        {bill.status === 'paid' &&
          view.orders.map((o) => (
            <ButtonLink key={o.id} href={`/profile/order/receipt/${o.id}`} variant="light" data-testid="receipt-link">
              {t('receipt')} {o.orderNo}
            </ButtonLink>
          ))}
        {['failed', 'expired', 'cancelled', 'rejected'].includes(bill.status) &&
          view.orders.every((o) => o.orderStatus === 'available' && isPayable(o.payStatus)) && (
            <ButtonLink href={`/profile/order/pay/goto/${view.orders.map((o) => o.id).join(',')}`} data-testid="pay-again">
              {t('payAgain')}
            </ButtonLink>
          )}
        <ButtonLink href="/profile/order/list" variant="default">
          {t('backToOrders')}
        </ButtonLink>
      </Group>
    </Stack>
  );
}

function OnlineNext({ view }: { view: BillView }) {
  const t = useTranslations('payments');
  const [qr, setQr] = useState<string | null>(null);
  const { bill } = view;
  const isQr = bill.methodKind === 'weChat' && bill.payUrl;
  useEffect(() => {
    if (isQr && bill.payUrl) QRCode.toDataURL(bill.payUrl, { width: 220, margin: 1 }).then(setQr, () => setQr(null));
  }, [isQr, bill.payUrl]);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('checking')}</Text>
      </Group>
      {isQr ? (
        <Stack gap={4} align="flex-start" data-testid="wechat-qr">
          <Text fw={500}>{t('scanQr')}</Text>
          {qr && <Image src={qr} alt={t('qrAlt', { billNo: bill.billNo })} w={220} h={220} data-qr-content={bill.payUrl ?? ''} />}
        </Stack>
      ) : (
        bill.payUrl && (
          <div>
            <Button component="a" href={bill.payUrl} data-testid="go-to-provider">
              {t('goToProvider')}
            </Button>
          </div>
        )
      )}
    </Stack>
  );
}

function OfflineNext({ view, onChange }: { view: BillView; onChange: (v: BillView) => void }) {
  const t = useTranslations('payments');
  const api = useApi();
  const locale = useAppLocale();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  // Once a slip is in, the form gives way to what happens next; another slip (a wrong file sent) is a deliberate step.
  const [replacing, setReplacing] = useState(false);
  const [slipError, setSlipError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { progress, send: upload } = useFormUpload();
  const confirm = useConfirm();
  const { bill } = view;
  const fields = METHOD_FIELDS[bill.methodKind as MethodKind].settings;
  const refresh = async () => onChange(await api<BillView>(`/conference/pay/bill/${bill.id}`));
  const send = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set('file', file);
      body.set('note', note);
      await upload(`/conference/pay/bill/${bill.id}/slip`, body);
      notifications.show({ color: 'green', message: t('slipSent') });
      setFile(null);
      setNote('');
      setReplacing(false);
      await refresh();
    } catch (error) {
      // A refused slip: said under the file field, where it stays until another file is picked.
      setSlipError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (!(await confirm(t('cancelTransferConfirm')))) return;
    try {
      await api(`/conference/pay/bill/${bill.id}/cancel`, { method: 'POST' });
      await refresh();
    } catch (error) {
      showApiError(error);
    }
  };
  const value = (name: string) => {
    const v = view.payee?.[name];
    return typeof v === 'string' ? v : localized(v as LocalizedText | undefined, locale);
  };
  return (
    <Stack gap="md">
      <Stack gap={4} data-testid="transfer-details">
        <Text fw={600}>{t('transferTitle')}</Text>
        {fields.map((f) =>
          f.type === 'html' ? (
            // Organiser HTML, sanitised when saved and again by the server before it is sent here.
            <div key={f.name} dangerouslySetInnerHTML={{ __html: value(f.name) }} />
          ) : (
            <Text key={f.name} size="sm">
              {t(`field_${f.name}`)}: <strong>{value(f.name)}</strong>
            </Text>
          ),
        )}
        <Text size="sm" data-testid="transfer-reference">
          {t('transferReference', { billNo: bill.billNo })}
        </Text>
      </Stack>
      {bill.status === 'toBeConfirmed' && !replacing ? (
        <Stack gap="xs" data-testid="slip-received">
          <Alert color="yellow">{t('slipReceived')}</Alert>
          <Group>
            <Button variant="default" onClick={() => setReplacing(true)} data-testid="slip-replace">
              {t('slipReplace')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs" data-testid="slip-form">
          <Text fw={600}>{t('slipTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('slipHelp')}
          </Text>
          <UploadField
            label={t('slipFile')}
            types={SLIP_TYPES}
            maxBytes={SLIP_MAX_BYTES}
            value={file}
            onPicked={(picked) => {
              setFile(picked);
              setSlipError(undefined);
            }}
            progress={progress}
            error={slipError}
            testId="slip-file"
          />
          <Textarea label={t('slipNote')} value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group gap="sm">
            <Button onClick={send} loading={busy} disabled={!file} data-testid="slip-send">
              {t('slipSend')}
            </Button>
            {bill.status === 'delay' && (
              <Button variant="default" onClick={cancel} data-testid="transfer-cancel">
                {t('cancelTransfer')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
