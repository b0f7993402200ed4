import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { LinkButton, Notice, Panel, ui } from '@/components/layout/page-parts';
import { RegisterForm } from '@/components/registration/register-form';
import page from '@/components/registration/register-page.module.css';
import { findProfile } from '@/lib/accounts/queries';
import { requirePage } from '@/lib/auth/require-page';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { registrationInstructions, registrationWindow } from '@/lib/conferences/website-config';
import { feeOffer } from '@/lib/fees/fee-offer';
import { lightClientMessages } from '@/lib/i18n/light-messages';
import { localized } from '@/lib/i18n/localized';
import { loadCountryOptions, loadFields } from '@/lib/registration/field-config';
import { findRegistration, registrationCounts } from '@/lib/registration/register-participant';

/**
 * The registration form's words (its notice, items, uploads, unit suggestions and the answers' messages), beside what
 * every light screen's islands use (lightClientMessages adds those, the fee chooser's among them).
 */
const SCREEN_MESSAGES = [
  'register.selectNotice',
  'register.success',
  'register.countdown',
  'register.notice',
  'register.agree',
  'register.yourInfo',
  'register.submit',
  'registerForm',
  'units',
  'upload',
  'validation.fieldRequired',
  'validation.upload*',
  'validation.tooManyFiles',
  'validation.invalidChoice',
  'validation.tooLong',
  'validation.email*',
  'validation.nameHiddenCharacters',
  'validation.phoneInvalid',
  'validation.cityInvalid',
  'validation.dateInvalid',
] as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('register');
  return { title: t('title') };
}

/**
 * The registration form (spec §4): a light screen (app/[locale]/(light)), server HTML around the form, which is built
 * of the plain form kit; or why there is none (not signed in, module off, window closed, already registered, full).
 */
export default async function ConferenceRegisterPage() {
  const { conference, db, user, locale } = await requirePage('/conferenceRegister');
  const t = await getTranslations('register');
  const tn = await getTranslations('nav');
  const window = await registrationWindow(db, conference);

  let body: React.ReactNode;
  if (!user) {
    body = (
      <div className={ui.stack}>
        <Notice color="blue" data-testid="register-please-login">
          {t('pleaseLogin')}
        </Notice>
        <LinkButton href={`/conferencelogin?${new URLSearchParams({ redirect: '/conferenceRegister' })}`}>{tn('login')}</LinkButton>
      </div>
    );
  } else if (!window.moduleEnabled) {
    body = (
      <Notice color="gray" data-testid="register-module-off">
        {t('moduleOff')}
      </Notice>
    );
  } else if (!window.open) {
    body = (
      <Notice color="gray" data-testid="register-closed">
        {t('windowClosed')}
        {window.startDate && window.endDate && (
          <p className={`${ui.text} ${ui.sm}`}>{t('windowDates', { start: window.startDate, end: window.endDate })}</p>
        )}
      </Notice>
    );
  } else {
    const mine = await findRegistration(db, conference.id, user.id);
    if (mine) {
      body = (
        <div className={ui.stack}>
          <Notice color="green" data-testid="register-already">
            {t('alreadyRegistered')}
            <p className={`${ui.text} ${ui.sm}`}>{t('alreadyRegisteredCode', { code: mine.code })}</p>
          </Notice>
          <LinkButton href="/profile/userInfo" variant="light">
            {tn('userInfo')}
          </LinkButton>
        </div>
      );
    } else if ((await registrationCounts(db, conference.id)).full) {
      body = (
        <Notice color="orange" data-testid="register-full">
          {t('full')}
        </Notice>
      );
    } else {
      const [instructions, fields, countryOptions, profile, offer, messages] = await Promise.all([
        registrationInstructions(db, conference.id),
        loadFields(db, conference.id),
        loadCountryOptions(db, conference.id),
        findProfile(db, user.id),
        feeOffer(db, conference, { locale }),
        lightClientMessages(SCREEN_MESSAGES),
      ]);
      const prefill = {
        name: user.name,
        email: user.email,
        telephone: profile?.profile?.phone ?? '',
        unit: profile?.profile?.unit ?? '',
        post: profile?.profile?.post ?? '',
        address: profile?.profile?.address ?? '',
      };
      body = (
        <NextIntlClientProvider messages={messages}>
          <RegisterForm
            noticeHtml={sanitizeOrganiserHtml(localized(instructions, locale))}
            fields={fields}
            countryOptions={countryOptions}
            prefill={prefill}
            offer={offer}
          />
        </NextIntlClientProvider>
      );
    }
  }
  return (
    <div className={page.container}>
      <h1 className={page.title}>{t('title')}</h1>
      <p className={page.conference}>{localized(conference.title, locale)}</p>
      <Panel>{body}</Panel>
    </div>
  );
}
