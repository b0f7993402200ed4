'use client';

import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { showApiError } from '@/components/ui/form-errors';
import { useApi } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';
import type { CreatedBill } from '@/lib/payments/create-bill';
import type { MethodKind } from '@/lib/payments/providers/types';
import classes from './pay-form.module.css';

const noSubscription = () => () => {};

/**
 * Chooses one of the enabled methods and starts the payment: off to the provider, or to the result
 * page. One choice among the offered methods is all there is to check, so the form is a plain call
 * without a schema resolver (which would bring zod and react-hook-form to the page): the handler
 * checks the body with ZCreateBill. A refusal is shown beside the button as well as in a toast.
 * Plain radio buttons and a plain button (the payment page is a light screen: no Mantine on it);
 * the button waits for hydration, so an early click cannot submit the form as a GET.
 */
export function PayForm({ orderIds, kinds, amountLabel }: { orderIds: number[]; kinds: MethodKind[]; amountLabel: string }) {
  const t = useTranslations('payments');
  const router = useRouter();
  const api = useApi();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [kind, setKind] = useState<MethodKind>(kinds[0]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Busy from the click until the next page has loaded (a second bill must not start meanwhile).
  const [leaving, setLeaving] = useState(false);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || leaving) return;
    setBusy(true);
    setError(undefined);
    try {
      const bill = await api<CreatedBill>('/conference/pay/create', { method: 'POST', body: { orderIds, kind } });
      setLeaving(true);
      if (bill.next.type === 'redirect') window.location.assign(bill.next.url);
      else router.push(`/profile/order/pay/goto/result/${bill.billId}`);
    } catch (refusal) {
      showApiError(refusal);
      setError(String((refusal as Error)?.message ?? refusal));
    } finally {
      setBusy(false);
    }
  };
  const loading = leaving || busy;
  return (
    <form onSubmit={submit} noValidate className={ui.stack}>
      <fieldset className={classes.methods} data-testid="pay-methods">
        <legend className={classes.legend}>{t('chooseMethod')}</legend>
        {kinds.map((k) => (
          <label key={k} className={classes.method}>
            <input
              type="radio"
              name="kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              className={classes.radio}
              data-testid={`pay-method-${k}`}
            />
            <span>{t(`kind_${k}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className={ui.stack} data-gap="xs" data-align="start">
        {error && (
          <div className={classes.error} role="alert" data-testid="form-error">
            {error}
          </div>
        )}
        <button
          type="submit"
          {...buttonLook()}
          disabled={!hydrated || loading}
          data-loading={loading || undefined}
          aria-busy={loading || undefined}
          data-testid="pay-submit"
        >
          {loading && <span className={ui.spinner} aria-hidden />}
          {t('payNow', { amount: amountLabel })}
        </button>
      </div>
    </form>
  );
}
