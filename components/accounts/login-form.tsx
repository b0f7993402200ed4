'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { CodeField } from '@/components/ui/code-field';
import { ApiError } from '@/components/ui/api-client';
import { SendCodeButton } from '@/components/ui/send-code-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { Notice, TextLink, ui } from '@/components/layout/page-parts';
import { PlainInput, PlainPasswordInput, PlainSubmit } from '@/components/ui/plain-form';
import { useSendCode } from './use-send-code';

/** The login's schema (the handler's), loaded with the form's first check. */
const loadLoginSchema = () => import('@/lib/accounts/schemas').then((m) => m.ZLogin);

/** Codes the server answers about the sign-in code itself: shown under its field. */
const CODE_ERRORS = new Set(['CODE_WRONG', 'CODE_EXPIRED']);

/**
 * Email and password login. When wrong passwords (anyone's) have locked the account, the form says
 * so and offers the owner's way in: a sign-in code mailed to the account's address, entered with
 * the password (LOGIN_LOCKED → the code field appears; see lib/accounts/login-attempts.ts).
 */
export function LoginForm({
  redirect,
  expired,
  resetDone,
  ssoBegin,
}: {
  redirect?: string;
  expired?: boolean;
  resetDone?: boolean;
  /** On a conference site reached by the router (no full page load, so the proxy could not): ask the central sign-in first. */
  ssoBegin?: string;
}) {
  const t = useTranslations('auth');
  useEffect(() => {
    if (ssoBegin) window.location.replace(ssoBegin);
  }, [ssoBegin]);
  const [locked, setLocked] = useState(false);
  const { form, submit, fieldError, formError } = useApiForm({
    schema: loadLoginSchema,
    defaultValues: { email: '', password: '' },
    call: { path: '/base/oauth/localLogin', body: (values) => ({ ...values, redirect }) },
    // The server decides where the account lands (lib/accounts/landing.ts), `redirect` first; on a conference site by
    // way of the central site, which is signed in too (`share`, lib/auth/sso.ts).
    onSuccess: (result: { token: string; next: string; share: string | null }) => window.location.assign(result.share ?? result.next),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'LOGIN_LOCKED') {
        setLocked(true);
        return true;
      }
      if (error instanceof ApiError && CODE_ERRORS.has(error.code)) {
        form.setError('code', { type: 'server', message: error.message });
        return true;
      }
    },
  });
  const sendCode = useSendCode(form, 'loginCode');

  // Plain elements (components/ui/plain-form.tsx): the login pages carry no Mantine for their form.
  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <div className={ui.stack}>
        {expired && (
          <Notice color="orange" data-testid="session-expired">
            {t('sessionExpiredNotice')}
          </Notice>
        )}
        {resetDone && (
          <Notice color="green" data-testid="reset-done">
            {t('resetDone')}
          </Notice>
        )}
        {locked && (
          <Notice color="orange" title={t('lockedTitle')} data-testid="login-locked">
            <div className={ui.stack} data-gap="xs" data-align="start">
              <p className={`${ui.text} ${ui.sm}`}>{t('lockedExplain')}</p>
              <SendCodeButton onSend={sendCode} label={t('sendLoginCode')} />
            </div>
          </Notice>
        )}
        <PlainInput
          label={t('email')}
          placeholder={t('emailPlaceholder')}
          type="email"
          autoComplete="email"
          required
          error={fieldError('email')}
          {...form.register('email')}
        />
        <PlainPasswordInput
          label={t('password')}
          autoComplete="current-password"
          required
          error={fieldError('password')}
          {...form.register('password')}
        />
        {locked && <CodeField label={t('loginCode')} error={fieldError('code')} {...form.register('code')} />}
        <PlainSubmit error={formError} loading={form.formState.isSubmitting} fullWidth>
          {t('loginButton')}
        </PlainSubmit>
        <div className={ui.group} style={{ justifyContent: 'space-between' }}>
          <p className={`${ui.text} ${ui.sm}`}>
            {t('noAccount')}{' '}
            <TextLink href="/userRegister" inline>
              {t('signUpLink')}
            </TextLink>
          </p>
          <TextLink href="/resetPassword" size="sm">
            {t('forgotPassword')}
          </TextLink>
        </div>
      </div>
    </form>
  );
}
