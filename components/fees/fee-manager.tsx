'use client';

import { Alert, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Fee } from '@/lib/fees/fee-config';
import { formatMoney } from '@/lib/fees/money';
import type { FeeInput } from '@/lib/fees/schemas';
import { localized } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import { useApi, useApiAction, useAppLocale } from '@/components/ui/use-api';
import { FeeForm, NEW_FEE } from './fee-form';

function toInput(fee: Fee): FeeInput {
  return {
    id: fee.id,
    kind: fee.kind === 'optional' ? 'optional' : 'register',
    title: fee.title,
    category: fee.category,
    priceMinor: fee.priceMinor,
    currency: fee.currency as FeeInput['currency'],
    displayCurrency: fee.displayCurrency as FeeInput['displayCurrency'],
    displayPriceMinor: fee.displayPriceMinor,
    thirdWorldOnly: fee.thirdWorldOnly,
    openDate: fee.openDate ?? '',
    deadline: fee.deadline ?? '',
    isOpen: fee.isOpen,
    invitationCode: fee.invitationCode,
    languageScope: fee.languageScope as FeeInput['languageScope'],
    cap: fee.cap,
    perAccountMax: fee.perAccountMax,
  };
}

/** The organiser's fee table: registration and optional fees with their places, add, edit, remove. */
export function FeeManager({ fees, charged }: { fees: Fee[]; charged: boolean }) {
  const t = useTranslations('feeConfig');
  const api = useApi();
  const locale = useAppLocale();
  const router = useRouter();
  const [editing, setEditing] = useState<FeeInput | null>(null);

  const save = async (value: FeeInput) => {
    const result = await api<{ id: number; invalidatedOrders: number }>('/conference/admin/register/fee/save', { body: value });
    notifications.show({ color: 'green', message: result.invalidatedOrders ? t('savedInvalidated', { count: result.invalidatedOrders }) : t('saved') });
    setEditing(null);
    router.refresh();
  };
  const { run } = useApiAction();
  const remove = (fee: Fee) => {
    if (window.confirm(t('removeConfirm'))) void run(`/conference/admin/register/fee/delete?id=${fee.id}`, { method: 'DELETE' }, t('removed'));
  };

  return (
    <Paper withBorder p="md" data-testid="fee-manager">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('title')}</Title>
        <Button size="xs" onClick={() => setEditing(NEW_FEE)} data-testid="add-fee">{t('add')}</Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">{t('hint')}</Text>
      {!charged && <Alert color="yellow" mb="sm" data-testid="fees-free-notice">{t('freeNotice')}</Alert>}
      {fees.length === 0 ? (
        <Text c="dimmed" size="sm">{t('empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="fee-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colName')}</Table.Th>
                <Table.Th>{t('colPrice')}</Table.Th>
                <Table.Th>{t('colDates')}</Table.Th>
                <Table.Th>{t('colPlaces')}</Table.Th>
                <Table.Th>{t('colScope')}</Table.Th>
                <Table.Th>{t('colActions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fees.map((fee) => (
                <Table.Tr key={fee.id} data-fee-row={fee.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>{localized(fee.title, locale)}</Text>
                    <Group gap={4}>
                      <Badge size="xs" variant="light" color={fee.kind === 'register' ? 'indigo' : 'teal'}>{t(`kind_${fee.kind === 'optional' ? 'optional' : 'register'}`)}</Badge>
                      {!fee.isOpen && <Badge size="xs" color="gray">{t('closedBadge')}</Badge>}
                      {fee.invitationCode && <Badge size="xs" color="grape">{t('codeBadge')}</Badge>}
                      {fee.thirdWorldOnly && <Badge size="xs" color="orange">{t('thirdWorldBadge')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatMoney(fee.priceMinor, fee.currency, locale)}</Text>
                    <Text size="xs" c="dimmed">{formatMoney(fee.displayPriceMinor, fee.displayCurrency, locale)}</Text>
                  </Table.Td>
                  <Table.Td><Text size="sm">{fee.openDate ?? '—'} – {fee.deadline ?? '—'}</Text></Table.Td>
                  <Table.Td><Text size="sm" data-testid="fee-places">{fee.used} / {fee.cap ?? t('unlimited')}</Text></Table.Td>
                  <Table.Td><Text size="sm">{t(`scope_${fee.languageScope === 'zh' || fee.languageScope === 'en' ? fee.languageScope : 'all'}`)}</Text></Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setEditing(toInput(fee))} data-testid="edit-fee">{t('edit')}</Button>
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(fee)}>{t('remove')}</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FeeForm opened={editing !== null} initial={editing ?? NEW_FEE} onClose={() => setEditing(null)} onSave={save} />
    </Paper>
  );
}
