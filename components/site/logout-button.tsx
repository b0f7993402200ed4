'use client';

import { useState } from 'react';
import { localePath } from '@/lib/i18n/locale-path';
import type { Locale } from '@/lib/i18n/localized';

/** Ends the session (DELETE /api/base/oauth/logout) and goes to the login page; a failure is said in an alert. */
export function LogoutButton({
  locale,
  label,
  networkMessage,
  className,
}: {
  locale: Locale;
  label: string;
  networkMessage: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      const response = await fetch('/api/base/oauth/logout', {
        method: 'DELETE',
        headers: { 'x-locale': locale },
        credentials: 'same-origin',
      });
      // 401: the session had already ended; the login page is where the visitor goes either way.
      if (!response.ok && response.status !== 401) {
        const envelope = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new Error(envelope?.message || networkMessage);
      }
      window.location.assign(localePath(locale, '/conferencelogin'));
    } catch (error) {
      window.alert(error instanceof TypeError ? networkMessage : (error as Error).message);
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={logout} disabled={busy} aria-busy={busy} data-testid="logout">
      {label}
    </button>
  );
}
