'use client';

import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import type { FieldError } from 'react-hook-form';
import { isLocale, type Locale } from '@/lib/i18n/localized';
import { apiDownload, apiFetch, apiUpload } from './api-client';
import { useConfirm, type ConfirmRequest } from './confirm-dialog';
import { showApiError } from './form-errors';

export function useAppLocale(): Locale {
  const locale = useLocale();
  return isLocale(locale) ? locale : 'zh';
}

/** apiFetch bound to the page's locale. */
export function useApi() {
  const locale = useAppLocale();
  const t = useTranslations('errors');
  return useCallback(
    <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
      apiFetch<T>(path, { ...options, locale, networkMessage: t('network'), timeoutMessage: t('timeout') }),
    [locale, t],
  );
}

/** apiUpload (multipart with progress) bound to the page's locale. */
export function useUpload() {
  const locale = useAppLocale();
  const t = useTranslations('errors');
  return useCallback(
    <T>(path: string, body: FormData, onProgress?: (share: number) => void) =>
      apiUpload<T>(path, body, { locale, networkMessage: t('network'), timeoutMessage: t('timeout'), onProgress }),
    [locale, t],
  );
}

/** apiDownload bound to the page's locale. */
export function useDownload() {
  const locale = useAppLocale();
  const t = useTranslations('errors');
  return useCallback(
    (path: string, body: unknown) => apiDownload(path, { body, locale, networkMessage: t('network'), timeoutMessage: t('timeout') }),
    [locale, t],
  );
}

/** Turns a zod message key on a form field into the user's language. */
export function useFieldError() {
  const t = useTranslations('validation');
  return useCallback(
    (error: Pick<FieldError, 'message'> | { message?: unknown } | undefined) => {
      const message = typeof error?.message === 'string' ? error.message : undefined;
      if (!message) return undefined;
      return t.has(message) ? t(message) : message;
    },
    [t],
  );
}

/** What a button's call does after its success, besides its message. */
export type ApiActionOptions<T> = {
  /** Refresh the page's server data (router.refresh()); true by default. */
  refresh?: boolean;
  /** After the success and its message, before the refresh: keep the answer, reset a form, navigate… */
  onSuccess?: (result: T) => void;
  /** Asked first in the app's confirm dialog; cancelling sends nothing (and the call answers undefined). */
  confirm?: ConfirmRequest;
};

/**
 * A button's call: asks `confirm` first when given (the app's dialog), sends it, shows `message` on success and refreshes the page's server data
 * (unless `refresh: false`), or shows the error. `busy` while it runs; the answer (undefined after
 * an error) for the caller.
 */
export function useApiAction() {
  const api = useApi();
  const router = useRouter();
  const ask = useConfirm();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(
      path: string,
      init: { method?: string; body?: unknown },
      message?: string,
      { refresh = true, onSuccess, confirm }: ApiActionOptions<T> = {},
    ): Promise<T | undefined> => {
      if (confirm && !(await ask(confirm))) return undefined;
      setBusy(true);
      try {
        const result = await api<T>(path, init);
        if (message) notifications.show({ color: 'green', message });
        onSuccess?.(result);
        if (refresh) router.refresh();
        return result;
      } catch (error) {
        showApiError(error);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [api, router, ask],
  );
  return { run, busy };
}
