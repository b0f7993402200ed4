'use client';

import { mergeThemeOverrides } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { theme } from './theme';

/**
 * The theme with every dialog's, drawer's and notification's close button named in the page's
 * language (an icon-only button without a name is a critical accessibility fault). Plain defaults,
 * not `Modal.extend(…)`, so the dialogs' code stays with the screens that open one.
 */
export function useNamedTheme() {
  const close = useTranslations('common')('close');
  return useMemo(() => {
    const closeButton = { defaultProps: { closeButtonProps: { 'aria-label': close } } };
    return mergeThemeOverrides(theme, { components: { Modal: closeButton, Drawer: closeButton, Notification: closeButton } });
  }, [close]);
}
