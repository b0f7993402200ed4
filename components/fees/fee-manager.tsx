'use client';

import { Alert, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Fee } from '@/lib/fees/fee-config';
import { formatMoney } from '@/lib/fees/money';
import type { FeeInput } from '@/lib/fees/schemas';
import { localized } from '@/lib/i18n/localized';
import { DeleteAction } from '@/components/ui/delete-action';
import { ListTable } from '@/components/ui/list-table';
import { useAppLocale } from '@/components/ui/use-api';
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
  const locale = useAppLocale();
  const [editing, setEditing] = useState<FeeInput | null>(null);

  return (
    <Paper withBorder p="md" data-testid="fee-manager">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('title')}</Title>
        <Button size="xs" onClick={() => setEditing(NEW_FEE)} data-testid="add-fee">
          {t('add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('hint')}
      </Text>
      {!charged && (
        <Alert color="yellow" mb="sm" data-testid="fees-free-notice">
          {t('freeNotice')}
        </Alert>
      )}
      <ListTable
        framed={false}
        testId="fee-table"
        minWidth={720}
        empty={t('empty')}
        head={[t('colName'), t('colPrice'), t('colDates'), t('colPlaces'), t('colScope'), t('colActions')]}
        rows={fees.map((fee) => ({
          key: fee.id,
          attrs: { 'data-fee-row': fee.id },
          cells: [
            <div key="name">
              <Text size="sm" fw={500}>
                {localized(fee.title, locale)}
              </Text>
              <Group gap={4}>
                <Badge size="xs" variant="light" color={fee.kind === 'register' ? 'indigo' : 'teal'}>
                  {t(`kind_${fee.kind === 'optional' ? 'optional' : 'register'}`)}
                </Badge>
                {!fee.isOpen && (
                  <Badge size="xs" color="gray">
                    {t('closedBadge')}
                  </Badge>
                )}
                {fee.invitationCode && (
                  <Badge size="xs" color="grape">
                    {t('codeBadge')}
                  </Badge>
                )}
                {fee.thirdWorldOnly && (
                  <Badge size="xs" color="orange">
                    {t('thirdWorldBadge')}
                  </Badge>
                )}
              </Group>
            </div>,
            <div key="price">
              <Text size="sm">{formatMoney(fee.priceMinor, fee.currency, locale)}</Text>
              <Text size="xs" c="dimmed">
                {formatMoney(fee.displayPriceMinor, fee.displayCurrency, locale)}
              </Text>
            </div>,
            <Text key="dates" size="sm">
              {fee.openDate ?? '—'} – {fee.deadline ?? '—'}
            </Text>,
            <Text key="places" size="sm" data-testid="fee-places">
              {fee.used} / {fee.cap ?? t('unlimited')}
            </Text>,
            <Text key="scope" size="sm">
              {t(`scope_${fee.languageScope === 'zh' || fee.languageScope === 'en' ? fee.languageScope : 'all'}`)}
            </Text>,
            <Group key="actions" gap={4} wrap="nowrap">
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(toInput(fee))} data-testid="edit-fee">
                {t('edit')}
              </Button>
              <DeleteAction
                path={`/conference/admin/register/fee/delete?id=${fee.id}`}
                label={t('remove')}
                confirm={t('removeConfirm')}
                done={t('removed')}
              />
            </Group>,
          ],
        }))}
      />
      <FeeForm opened={editing !== null} initial={editing ?? NEW_FEE} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
    </Paper>
  );
}
