'use client';

import { useTranslations } from 'next-intl';
import styles from './pages.module.css';

/**
 * What a screen shows when rendering it failed on the server or in the browser: the prompt pages' look, in the
 * page's language (the segment's message provider), a way to try again and a way home. The error's text is never
 * shown (on the server it is withheld from the browser; here it would be a developer's words), only its digest,
 * which ties the screen to the server's log line for the same failure.
 */
export function ErrorScreen({ error, reset, home }: { error: Error & { digest?: string }; reset: () => void; home: string }) {
  const t = useTranslations('prompt');
  return (
    <div className={styles.prompt} role="alert" data-testid="error-screen">
      <p className={styles.code} aria-hidden>
        500
      </p>
      <h1 className={styles.promptTitle}>{t('errorTitle')}</h1>
      <p className={styles.dimmed}>{t('errorText')}</p>
      {error.digest && <p className={styles.dimmed}>{t('errorReference', { digest: error.digest })}</p>}
      <p>
        <button type="button" className={`${styles.button} ${styles.buttonLight}`} onClick={reset} data-testid="error-retry">
          {t('errorRetry')}
        </button>{' '}
        <a href={home} className={`${styles.button} ${styles.buttonLight}`}>
          {t('backHome')}
        </a>
      </p>
    </div>
  );
}
