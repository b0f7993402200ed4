'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FeeChooser, registerFeeNeeded } from '@/components/fees/fee-chooser';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { useApiAction } from '@/components/ui/use-api';
import type { FeeOffer } from '@/lib/fees/fee-offer';
import type { FeeChoice } from '@/lib/fees/schemas';

export const EMPTY: FeeChoice = { registerFeeId: null, optional: [], invitationCode: '' };

/** The fee offer, fetched again with an invitation code. */
export function useOffer(initial: FeeOffer) {
  const { run } = useApiAction();
  const t = useTranslations('fees');
  const [offer, setOffer] = useState(initial);
  const applyCode = async (code: string) => {
    await run<FeeOffer>(
      `/conference/conferenceRegUserConfig/getRegFee?${new URLSearchParams({ invitationCode: code })}`,
      {},
      t('codeApplied'),
      {
        refresh: false,
        onSuccess: setOffer,
      },
    );
  };
  return { offer, applyCode };
}

/** Adds fees after registering: a registration fee (when I hold none) or optional fees. Plain elements: the fee page is a light screen. */
export function AddFeesForm({
  initialOffer,
  only,
  country,
  testId,
  exclude = [],
}: {
  initialOffer: FeeOffer;
  only: 'register' | 'optional';
  country: string | null;
  testId: string;
  exclude?: number[];
}) {
  const t = useTranslations('orders');
  const tv = useTranslations('validation');
  const { run, busy } = useApiAction();
  const { offer: fetched, applyCode } = useOffer(initialOffer);
  const offer = { ...fetched, optional: fetched.optional.filter((fee) => !exclude.includes(fee.id)) };
  const [choice, setChoice] = useState<FeeChoice>(EMPTY);
  const [error, setError] = useState<string | undefined>();
  const empty = only === 'register' ? choice.registerFeeId === null : choice.optional.length === 0;
  const submit = async () => {
    if (only === 'register' && registerFeeNeeded(offer, choice, country)) {
      setError(tv('chooseRegisterFee'));
      return;
    }
    await run(
      '/conference/order/fee/add',
      { body: only === 'register' ? { ...choice, optional: [] } : { ...choice, registerFeeId: null } },
      t('added'),
      { onSuccess: () => setChoice(EMPTY) },
    );
  };
  return (
    <div className={ui.stack} data-gap="sm" data-testid={testId}>
      <FeeChooser
        offer={offer}
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setError(undefined);
        }}
        country={country}
        onApplyCode={applyCode}
        only={only}
        error={error}
      />
      <div>
        <button
          type="button"
          {...buttonLook()}
          onClick={submit}
          disabled={busy || empty}
          data-loading={busy || undefined}
          aria-busy={busy || undefined}
          data-testid={`${testId}-submit`}
        >
          {busy && <span className={ui.spinner} aria-hidden />}
          {t('add')}
        </button>
      </div>
    </div>
  );
}
