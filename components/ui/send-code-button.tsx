'use client';

import { useTranslations } from 'next-intl';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { useEffect, useState } from 'react';

export const RESEND_SECONDS = 60;

/**
 * The verification-code button: after a successful send it is disabled with a 60 s countdown, then
 * offers to resend. `onSend` returns false (or throws) when nothing was sent; `label` words the
 * first send where "Send code" says too little.
 */
export function SendCodeButton({ onSend, label }: { onSend: () => Promise<boolean>; label?: string }) {
  const t = useTranslations('auth');
  const [remaining, setRemaining] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const click = async () => {
    setBusy(true);
    try {
      if (await onSend()) {
        setSentOnce(true);
        setRemaining(RESEND_SECONDS);
      }
    } finally {
      setBusy(false);
    }
  };

  const text = remaining > 0 ? t('resendIn', { seconds: remaining }) : sentOnce ? t('resend') : (label ?? t('sendCode'));
  // A plain button in Mantine's light look (no Mantine: the login form is on light screens too).
  return (
    <button
      type="button"
      {...buttonLook({ variant: 'light' })}
      style={{ minWidth: 150 }}
      onClick={click}
      disabled={busy || remaining > 0}
      data-loading={busy || undefined}
      aria-busy={busy || undefined}
      data-testid="send-code"
    >
      {busy && <span className={ui.spinner} aria-hidden />}
      {text}
    </button>
  );
}
