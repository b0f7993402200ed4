'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { isDevelopingEconomy } from '@/lib/fees/developing-economies';
import type { FeeOffer, OfferedFee } from '@/lib/fees/fee-offer';
import { formatMoney } from '@/lib/fees/money';
import type { FeeChoice } from '@/lib/fees/schemas';
import { localized } from '@/lib/i18n/localized';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { StatusBadge } from '@/components/ui/status-badge';
import { useAppLocale } from '@/components/ui/use-api';
import classes from './fee-chooser.module.css';

/** Why a fee cannot be chosen by this participant now (the server decides again on submit). */
export function reasonFor(fee: OfferedFee, country: string | null): string | null {
  if (fee.unavailable) return fee.unavailable;
  if (fee.thirdWorldOnly && !isDevelopingEconomy(country)) return 'thirdWorld';
  return null;
}

/** Whether this participant still has to pick a registration fee. */
export function registerFeeNeeded(offer: FeeOffer, choice: FeeChoice, country: string | null): boolean {
  return offer.charged && choice.registerFeeId === null && offer.register.some((f) => [null, 'full'].includes(reasonFor(f, country)));
}

function FeeLine({ fee, reason }: { fee: OfferedFee; reason: string | null }) {
  const t = useTranslations('fees');
  const locale = useAppLocale();
  const category = localized(fee.category, locale);
  return (
    <span className={ui.stack} data-gap="tight">
      <span className={classes.line}>
        <span className={ui.medium}>{localized(fee.title, locale)}</span>
        {category && <StatusBadge size="xs">{category}</StatusBadge>}
        {reason && (
          <StatusBadge size="xs" color="gray" variant="filled" data-testid="fee-reason">
            {t(`reason_${reason}`)}
          </StatusBadge>
        )}
      </span>
      <span className={classes.line} data-gap="md">
        <span className={`${ui.sm} ${ui.strong}`} data-testid="fee-price">
          {formatMoney(fee.priceMinor, fee.currency, locale)}
        </span>
        {fee.displayCurrency !== fee.currency && (
          <span className={`${ui.xs} ${ui.dimmed}`}>
            {t('displayPrice', { price: formatMoney(fee.displayPriceMinor, fee.displayCurrency, locale) })}
          </span>
        )}
        {fee.deadline && <span className={`${ui.xs} ${ui.dimmed}`}>{t('deadline', { date: fee.deadline })}</span>}
        {fee.remaining !== null && <span className={`${ui.xs} ${ui.dimmed}`}>{t('remaining', { count: fee.remaining })}</span>}
        {fee.thirdWorldOnly && reason !== 'thirdWorld' && <span className={`${ui.xs} ${classes.warn}`}>{t('thirdWorld')}</span>}
      </span>
    </span>
  );
}

/**
 * The registration fee to pick (one) and the optional fees with quantities. Plain radio buttons,
 * checkboxes and inputs in bordered cards (Mantine's Card, Radio, Checkbox and NumberInput looks,
 * fee-chooser.module.css): no Mantine, so the fee page's form for adding fees stays light.
 */
export function FeeChooser({
  offer,
  value,
  onChange,
  country,
  onApplyCode,
  only,
  error,
}: {
  offer: FeeOffer;
  value: FeeChoice;
  onChange: (next: FeeChoice) => void;
  country: string | null;
  onApplyCode?: (code: string) => Promise<void>;
  only?: 'register' | 'optional';
  error?: string;
}) {
  const t = useTranslations('fees');
  const locale = useAppLocale();
  const id = useId();
  const [code, setCode] = useState(value.invitationCode);
  const [applying, setApplying] = useState(false);
  const chosen = (feeId: number) => value.optional.find((o) => o.feeId === feeId);
  const setOptional = (fee: OfferedFee, quantity: number | null) =>
    onChange({
      ...value,
      optional:
        quantity === null
          ? value.optional.filter((o) => o.feeId !== fee.id)
          : [...value.optional.filter((o) => o.feeId !== fee.id), { feeId: fee.id, quantity }],
    });
  const totals = new Map<string, number>();
  const add = (fee: OfferedFee | undefined, quantity: number) =>
    fee && totals.set(fee.currency, (totals.get(fee.currency) ?? 0) + fee.priceMinor * quantity);
  if (only !== 'optional')
    add(
      offer.register.find((f) => f.id === value.registerFeeId),
      1,
    );
  if (only !== 'register')
    for (const o of value.optional)
      add(
        offer.optional.find((f) => f.id === o.feeId),
        o.quantity,
      );

  return (
    <div className={ui.stack} data-testid="fee-chooser">
      {onApplyCode && (
        <div className={classes.code}>
          <label className={classes.field}>
            <span className={classes.label}>{t('invitationCode')}</span>
            <input
              className={classes.input}
              placeholder={t('invitationPlaceholder')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              data-testid="invitation-code"
            />
          </label>
          <button
            type="button"
            {...buttonLook({ variant: 'light' })}
            disabled={applying}
            data-loading={applying || undefined}
            onClick={async () => {
              setApplying(true);
              try {
                await onApplyCode(code.trim());
                onChange({ ...value, invitationCode: code.trim() });
              } finally {
                setApplying(false);
              }
            }}
            data-testid="apply-code"
          >
            {applying && <span className={ui.spinner} aria-hidden />}
            {t('applyCode')}
          </button>
        </div>
      )}
      {only !== 'optional' && (
        <fieldset
          className={classes.group}
          role="radiogroup"
          aria-labelledby={`${id}-legend`}
          aria-required={offer.register.length > 0 || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="register-fee"
        >
          <legend id={`${id}-legend`} className={classes.label}>
            {t('registerFee')}
            {offer.register.length > 0 && (
              <span className={classes.required} aria-hidden>
                {' '}
                *
              </span>
            )}
          </legend>
          {error && (
            <div id={`${id}-error`} className={classes.error} role="alert">
              {error}
            </div>
          )}
          <div className={ui.stack} data-gap="xs">
            {offer.register.length === 0 && <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>{t('noRegisterFee')}</p>}
            {offer.register.map((fee) => {
              const reason = reasonFor(fee, country);
              return (
                <label key={fee.id} className={classes.card} data-fee={fee.id} data-disabled={reason !== null || undefined}>
                  <input
                    type="radio"
                    name={`${id}-register`}
                    className={classes.control}
                    value={String(fee.id)}
                    checked={value.registerFeeId === fee.id}
                    disabled={reason !== null}
                    onChange={() => onChange({ ...value, registerFeeId: fee.id })}
                    aria-label={localized(fee.title, locale)}
                  />
                  <FeeLine fee={fee} reason={reason} />
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {only !== 'register' && offer.optional.length > 0 && (
        <div className={ui.stack} data-gap="xs" data-testid="optional-fees">
          <p className={`${ui.text} ${ui.sm} ${ui.medium}`}>{t('optionalFees')}</p>
          {offer.optional.map((fee) => {
            const reason = reasonFor(fee, country);
            const picked = chosen(fee.id);
            return (
              <div key={fee.id} className={`${classes.card} ${classes.optional}`} data-fee={fee.id}>
                <label className={classes.choice} data-disabled={(reason !== null && !picked) || undefined}>
                  <input
                    type="checkbox"
                    className={classes.control}
                    checked={Boolean(picked)}
                    disabled={reason !== null && !picked}
                    onChange={(e) => setOptional(fee, e.currentTarget.checked ? 1 : null)}
                    aria-label={localized(fee.title, locale)}
                  />
                  <FeeLine fee={fee} reason={reason} />
                </label>
                {picked && fee.perAccountMax > 1 && (
                  <label className={`${classes.field} ${classes.quantity}`}>
                    <span className={classes.label}>{t('quantity')}</span>
                    <span className={classes.description}>{t('perAccount', { count: fee.perAccountMax })}</span>
                    <input
                      type="number"
                      inputMode="numeric"
                      className={classes.input}
                      min={1}
                      max={fee.perAccountMax}
                      step={1}
                      value={picked.quantity}
                      onChange={(e) => {
                        // Whole numbers from 1 to the per-account maximum; an emptied field waits for a number.
                        if (e.currentTarget.value === '') return;
                        setOptional(fee, Math.min(fee.perAccountMax, Math.max(1, Math.trunc(Number(e.currentTarget.value)) || 1)));
                      }}
                      data-testid="fee-quantity"
                    />
                  </label>
                )}
              </div>
            );
          })}
        </div>
      )}
      {totals.size > 0 && (
        <p className={`${ui.text} ${ui.strong}`} data-testid="fee-total">
          {t('total', { amount: [...totals].map(([currency, minor]) => formatMoney(minor, currency, locale)).join(' + ') })}
        </p>
      )}
    </div>
  );
}
