import { getTranslations } from 'next-intl/server';
import { registrationDaysLeft, registrationWindow } from '@/lib/conferences/website-config';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { RequestContext } from '@/lib/tenancy/context';
import styles from './chrome.module.css';

/** The footer of every screen: conference name and address, days left to register, record number. */
export async function SiteFooter({ ctx, locale }: { ctx: RequestContext; locale: Locale }) {
  const t = await getTranslations('footer');
  const conference = ctx.conference;
  if (!conference) return null;
  const window = await registrationWindow(ctx.db, conference);
  const daysLeft = registrationDaysLeft(window, conference.timeZone);
  const address = localized(conference.address, locale);
  return (
    <footer className={styles.footer}>
      <div className={`${styles.container} ${styles.footerStack}`}>
        <div className={styles.footerRow}>
          <p className={styles.footerTitle}>{localized(conference.title, locale)}</p>
          {daysLeft !== null && (
            <p className={styles.countdown} data-testid="registration-countdown">
              {daysLeft === 0 ? t('registrationClosesToday') : t('registrationCloses', { days: daysLeft })}
            </p>
          )}
        </div>
        {conference.contacts.length > 0 && (
          <p data-testid="footer-contacts">
            {t('contacts')}:{' '}
            {conference.contacts
              .map((c) => [localized(c.name, locale), c.phone, c.email].filter(Boolean).join(' '))
              .join(locale === 'zh' ? '；' : '; ')}
          </p>
        )}
        {address && <p>{address}</p>}
        <div className={styles.footerRow}>
          <p>{t('poweredBy')}</p>
          {conference.recordNumber && <p data-testid="record-number">{conference.recordNumber}</p>}
        </div>
      </div>
    </footer>
  );
}
