import { getLocale, getTranslations } from 'next-intl/server';
import { localePath } from '@/lib/i18n/locale-path';
import { isLocale } from '@/lib/i18n/localized';
import styles from './pages.module.css';

/** The prompt pages (/404, /403, /401, /unpublished, no conference): a title, a sentence, a way home. */
export async function PromptPage({
  code,
  title,
  text,
  showHome = true,
}: {
  code: string;
  title: string;
  text: string;
  showHome?: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations('prompt'), getLocale()]);
  return (
    <div className={styles.prompt}>
      <p className={styles.code} aria-hidden>
        {code}
      </p>
      <h1 className={styles.promptTitle}>{title}</h1>
      <p className={styles.dimmed}>{text}</p>
      {showHome && (
        <a href={localePath(isLocale(locale) ? locale : 'zh', '/')} className={`${styles.button} ${styles.buttonLight}`}>
          {t('backHome')}
        </a>
      )}
    </div>
  );
}
