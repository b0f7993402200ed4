'use client';

import type { MantineColor } from '@mantine/core';
import dynamic from 'next/dynamic';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';

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
      /** "Cancel" by default (e.g. "Keep booking" where cancelling is what is asked). */
      cancelLabel?: string;
      /** Red for what removes or cannot be undone. */
      color?: MantineColor;
    };

/** Asks in the app's own dialog; true when the person confirmed, false when they cancelled or closed it. */
export type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * The dialog itself, loaded the first time something asks: Mantine's Modal (with its focus trap,
 * scroll lock and portal) then stays off every screen's first load.
 */
const ConfirmModal = dynamic(() => import('./confirm-modal').then((m) => m.ConfirmModal), { ssr: false });

/** A question in its object form. */
export type ConfirmQuestion = Exclude<ConfirmRequest, string>;

type Open = { request: ConfirmQuestion; resolve: (ok: boolean) => void };

/** What draws an open question: Mantine's modal (ConfirmModal), or on the light screens the same inside its own provider. */
export type ConfirmModalComponent = ComponentType<{ request: ConfirmQuestion; settle: (ok: boolean) => void }>;

/**
 * The one confirm dialog of the app (never `window.confirm`): a Mantine modal (role=dialog, named by
 * its title, focus kept inside, Escape cancels) with Cancel and OK in the page's language. Placed
 * once by `Providers` (and `LightProviders`); components ask through `useConfirm()`.
 */
export function ConfirmProvider({ children, modal: Modal = ConfirmModal }: { children: ReactNode; modal?: ConfirmModalComponent }) {
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
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {open && <Modal request={open.request} settle={settle} />}
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
