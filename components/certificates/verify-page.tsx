import { getTranslations } from 'next-intl/server';
import { displayCode } from '@/lib/certificates/codes';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { VerifiedCertificate } from '@/lib/certificates/certificates';
import styles from './verify.module.css';

/**
 * The public verification page (no script): a form to type a code (a plain GET to /certificate/verify?code=…), and
 * the answer for a code asked — genuine, with the holder's name and the conference only, or unknown.
 */
export async function VerifyPage({
  locale,
  asked,
  found,
  limited = false,
}: {
  locale: Locale;
  /** The code as typed ('' when none was asked yet). */
  asked: string;
  found: VerifiedCertificate | null;
  /** Too many lookups from this client: nothing was looked up. */
  limited?: boolean;
}) {
  const t = await getTranslations('onsiteDocs');
  const name = found ? (found.latinName && locale === 'en' ? `${found.name} (${found.latinName})` : found.name) : '';
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('verifyTitle')}</h1>
      <p className={styles.dimmed}>{t('verifyIntro')}</p>
      {limited && (
        <section className={styles.result} data-state="unknown" aria-live="polite" data-testid="verify-limited">
          <p>{t('verifyLimited')}</p>
        </section>
      )}
      {asked && !limited && (
        <section
          className={styles.result}
          data-state={found ? 'genuine' : 'unknown'}
          aria-live="polite"
          data-testid={found ? 'verify-genuine' : 'verify-unknown'}
        >
          <h2 className={styles.resultTitle}>{found ? t('verifyGenuine') : t('verifyUnknown')}</h2>
          <p>
            {found
              ? t('verifyGenuineText', { name, conference: localized(found.conference, locale) })
              : t('verifyUnknownText', { code: asked.length > 64 ? `${asked.slice(0, 64)}…` : asked })}
          </p>
        </section>
      )}
      <form method="get" action={localePath(locale, '/certificate/verify')} className={styles.form} data-testid="verify-form">
        <div className={styles.field}>
          <label htmlFor="certificate-code" className={styles.label}>
            {t('verifyCode')}
          </label>
          <input
            id="certificate-code"
            name="code"
            className={styles.input}
            defaultValue={found ? displayCode(asked.toUpperCase().replace(/[\s-]/g, '')) : ''}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            maxLength={64}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            data-testid="verify-code"
          />
        </div>
        <button type="submit" className={styles.button} data-testid="verify-submit">
          {t('verifyButton')}
        </button>
      </form>
    </div>
  );
}
