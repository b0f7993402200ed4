'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { FeeOffer } from '@/lib/fees/fee-offer';
import type { FeeChoice } from '@/lib/fees/schemas';
import { FeeChooser, registerFeeNeeded } from '@/components/fees/fee-chooser';
import type { Answers, FormField } from '@/lib/registration/fields';
import { localePath } from '@/components/ui/api-client';
import { useApiAction, useAppLocale } from '@/components/ui/use-api';
import { NOT_SENT, useApiForm } from '@/components/ui/use-api-form';
import { Notice, ui } from '@/components/layout/page-parts';
import { PlainCheckbox } from '@/components/ui/plain-choice';
import { PlainSubmit } from '@/components/ui/plain-form';
import { DynamicFields, emptyAnswers } from './dynamic-fields';
import r from './register-form.module.css';

const REDIRECT_SECONDS = 3;
type Registered = { code: string; nextPath: string };

/**
 * The registration form: the notice to accept, the organiser-designed fields, then a 3-second
 * countdown to the next page (spec §4 registration flow). Checked with the handler's schema, loaded
 * with the form's first check. Plain elements (the plain form kit): the page is a light screen, with no Mantine.
 */
export function RegisterForm(props: {
  noticeHtml: string;
  fields: FormField[];
  countryOptions: string[];
  prefill: Answers;
  offer: FeeOffer;
}) {
  const t = useTranslations('register');
  const tv = useTranslations('validation');
  const tf = useTranslations('fees');
  const { run } = useApiAction();
  const locale = useAppLocale();
  const [agreed, setAgreed] = useState(false);
  const [done, setDone] = useState<Registered | null>(null);
  const [offer, setOffer] = useState(props.offer);
  const [fees, setFees] = useState<FeeChoice>({ registerFeeId: null, optional: [], invitationCode: '' });
  const [feeError, setFeeError] = useState<string | undefined>();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  // The answers' schema (the handler's), loaded with the first check.
  const schema = useCallback(
    () => import('@/lib/registration/fields').then((m) => m.buildAnswerSchema(props.fields, props.countryOptions)),
    [props.fields, props.countryOptions],
  );
  const { form, submit, formError } = useApiForm({
    schema,
    defaultValues: emptyAnswers(props.fields, props.prefill),
    // Sent only with the notice accepted and a registration fee chosen where one is needed.
    call: async (answers, send) => {
      if (!agreed) {
        notifications.show({ color: 'orange', message: t('selectNotice') });
        return NOT_SENT;
      }
      if (registerFeeNeeded(offer, fees, country)) {
        setFeeError(tv('chooseRegisterFee'));
        return NOT_SENT;
      }
      setFeeError(undefined);
      return send<Registered>('/conference/conferenceUser', { body: { agreeNotice: true, answers, fees } });
    },
    onSuccess: setDone,
    fieldMap: Object.fromEntries(props.fields.map((f) => [`answers.${f.key}`, f.key])),
  });
  const country = (useWatch({ control: form.control, name: 'country' }) as string | undefined) || null;
  const applyCode = async (code: string) => {
    await run<FeeOffer>(
      `/conference/conferenceRegUserConfig/getRegFee?${new URLSearchParams({ invitationCode: code })}`,
      {},
      tf('codeApplied'),
      {
        refresh: false,
        onSuccess: setOffer,
      },
    );
  };

  useEffect(() => {
    if (!done) return;
    if (seconds <= 0) {
      window.location.assign(localePath(locale, done.nextPath));
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [done, seconds, locale]);

  if (done) {
    return (
      <Notice color="green" data-testid="register-success">
        <p className={`${ui.text} ${ui.strong}`}>{t('success', { code: done.code })}</p>
        <p className={`${ui.text} ${ui.sm}`} data-testid="register-countdown">
          {t('countdown', { seconds })}
        </p>
      </Notice>
    );
  }
  return (
    <form onSubmit={submit} noValidate data-testid="register-form">
      <div className={ui.stack}>
        <div className={ui.stack} data-gap="xs">
          <p className={`${ui.text} ${ui.strong}`} id="register-notice-title">
            {t('notice')}
          </p>
          <div
            className={r.notice}
            data-testid="register-notice"
            role="region"
            aria-labelledby="register-notice-title"
            tabIndex={0}
            dangerouslySetInnerHTML={{ __html: props.noticeHtml }}
          />
        </div>
        <PlainCheckbox
          label={t('agree')}
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          data-testid="agree-notice"
        />
        <p className={r.section}>{t('yourInfo')}</p>
        <DynamicFields
          fields={props.fields}
          countryOptions={props.countryOptions}
          formLocale={locale}
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          readOnly={['email']}
        />
        {offer.charged && (
          <>
            <p className={r.section}>{tf('sectionTitle')}</p>
            <FeeChooser
              offer={offer}
              value={fees}
              onChange={(next) => {
                setFees(next);
                setFeeError(undefined);
              }}
              country={country}
              onApplyCode={applyCode}
              error={feeError}
            />
          </>
        )}
        <div>
          <PlainSubmit error={formError} loading={form.formState.isSubmitting} data-testid="register-submit">
            {t('submit')}
          </PlainSubmit>
        </div>
      </div>
    </form>
  );
}
