'use client';

import { useState } from 'react';
import { buttonLook, Notice, ui } from '@/components/layout/page-parts';
import type { Locale } from '@/lib/i18n/localized';

type Props = {
  locale: Locale;
  /** The handler that takes the answer: /api/sso/authorize (/ssoContinue) or /api/sso/confirm (/ssoConfirm). */
  action: '/api/sso/authorize' | '/api/sso/confirm';
  /** What the handler needs besides the decision. */
  payload: Record<string, string>;
  labels: { continue: string; cancel: string; failed: string };
};

/**
 * The two answers of a sign-in across sites that asks the visitor first: on /ssoContinue (continue gives the
 * conference site its one-time code, the other goes back there without one) and on /ssoConfirm (continue signs this
 * site in with the account the sign-in brought, the other leaves this site as it was). The server answers where to go.
 */
export function SsoContinue({ locale, action, payload, labels }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const answer = async (decision: 'continue' | 'cancel') => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-locale': locale },
        credentials: 'same-origin',
        body: JSON.stringify({ ...payload, decision }),
      });
      const envelope = (await response.json().catch(() => null)) as { code?: number; message?: string; data?: { next?: string } } | null;
      if (!response.ok || !envelope?.data?.next) throw new Error(envelope?.message || labels.failed);
      window.location.assign(envelope.data.next);
    } catch (error) {
      setProblem(error instanceof TypeError ? labels.failed : (error as Error).message);
      setBusy(false);
    }
  };
  return (
    <div className={ui.stack}>
      {problem && (
        <Notice color="orange">
          <p className={`${ui.text} ${ui.sm}`}>{problem}</p>
        </Notice>
      )}
      <div className={ui.group} data-grow="">
        <button
          type="button"
          {...buttonLook()}
          onClick={() => answer('continue')}
          disabled={busy}
          aria-busy={busy}
          data-testid="sso-continue"
        >
          {labels.continue}
        </button>
        <button
          type="button"
          {...buttonLook({ variant: 'light' })}
          onClick={() => answer('cancel')}
          disabled={busy}
          data-testid="sso-cancel"
        >
          {labels.cancel}
        </button>
      </div>
    </div>
  );
}
