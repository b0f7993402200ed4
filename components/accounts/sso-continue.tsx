'use client';

import { useState } from 'react';
import { buttonLook, Notice, ui } from '@/components/layout/page-parts';
import type { Locale } from '@/lib/i18n/localized';

type Props = {
  locale: Locale;
  client: string;
  state: string;
  challenge: string;
  labels: { continue: string; cancel: string; failed: string };
};

/**
 * The two answers on /ssoContinue (POST /api/sso/authorize): continue gives the conference site its one-time code,
 * the other goes back there without one (its login form, for another account). The server answers where to go.
 */
export function SsoContinue({ locale, client, state, challenge, labels }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const answer = async (decision: 'continue' | 'cancel') => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch('/api/sso/authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-locale': locale },
        credentials: 'same-origin',
        body: JSON.stringify({ client, state, challenge, decision }),
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
