'use client';

import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/** What the dialog asks: a sentence, or a sentence with a title, more details, its button's words and colour. */
export type ConfirmRequest =
  | string
  | {
      message: ReactNode;
      /** "Please confirm" by default. */
      title?: string;
      /** Shown under the message (e.g. what a site still lacks). */
      details?: ReactNode;
      /** "OK" by default. */
      confirmLabel?: string;
      /** Red for what removes or cannot be undone. */
      color?: MantineColor;
    };

/** Asks in the app's own dialog; true when the person confirmed, false when they cancelled or closed it. */
export type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

type Open = { request: Exclude<ConfirmRequest, string>; resolve: (ok: boolean) => void };

/**
 * The one confirm dialog of the app (never `window.confirm`): a Mantine modal (role=dialog, named by
 * its title, focus kept inside, Escape cancels) with Cancel and OK in the page's language. Placed
 * once by `Providers`; components ask through `useConfirm()`.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('confirmDialog');
  const [open, setOpen] = useState<Open | null>(null);
  const current = useRef<Open | null>(null);
  const settle = useCallback((ok: boolean) => {
    current.current?.resolve(ok);
    current.current = null;
    setOpen(null);
  }, []);
  const confirm = useCallback<Confirm>(
    (request) =>
      new Promise<boolean>((resolve) => {
        // A second question while one is open answers the first with "no".
        current.current?.resolve(false);
        const next = { request: typeof request === 'string' ? { message: request } : request, resolve };
        current.current = next;
        setOpen(next);
      }),
    [],
  );
  const request = open?.request;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        opened={open !== null}
        onClose={() => settle(false)}
        title={request?.title ?? t('title')}
        centered
        data-testid="confirm-dialog"
      >
        <Stack gap="md">
          {typeof request?.message === 'string' ? <Text data-testid="confirm-message">{request.message}</Text> : request?.message}
          {request?.details}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => settle(false)} data-testid="confirm-cancel">
              {t('cancel')}
            </Button>
            <Button color={request?.color} onClick={() => settle(true)} data-testid="confirm-ok" data-autofocus>
              {request?.confirmLabel ?? t('ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/** The app's confirm dialog: `if (!(await confirm(t('removeConfirm')))) return;`. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  return useMemo(
    () =>
      confirm ??
      (() => {
        throw new Error('useConfirm needs the ConfirmProvider of components/ui/providers.tsx');
      }),
    [confirm],
  );
}
