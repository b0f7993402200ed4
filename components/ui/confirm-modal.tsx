'use client';

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { ConfirmQuestion } from './confirm-dialog';

/** The confirm dialog's modal (components/ui/confirm-dialog.tsx loads it on the first question). */
export function ConfirmModal({ request, settle }: { request: ConfirmQuestion; settle: (ok: boolean) => void }) {
  const t = useTranslations('confirmDialog');
  return (
    <Modal opened onClose={() => settle(false)} title={request.title ?? t('title')} centered data-testid="confirm-dialog">
      <Stack gap="md">
        {typeof request.message === 'string' ? <Text data-testid="confirm-message">{request.message}</Text> : request.message}
        {request.details}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => settle(false)} data-testid="confirm-cancel">
            {request.cancelLabel ?? t('cancel')}
          </Button>
          <Button color={request.color} onClick={() => settle(true)} data-testid="confirm-ok" data-autofocus>
            {request.confirmLabel ?? t('ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
