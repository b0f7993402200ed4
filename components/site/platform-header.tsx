import { getTranslations } from 'next-intl/server';
import { localePath } from '@/lib/i18n/locale-path';
import type { Locale } from '@/lib/i18n/localized';
import type { RequestContext } from '@/lib/tenancy/context';
import styles from './chrome.module.css';
import { LanguageSwitch } from './language-switch';
import { LogoutButton } from './logout-button';

/** The addresses drawn in the platform's own frame rather than inside a conference's site (issue 25 point 2). */
export function inPlatformFrame(path: string | null): boolean {
  return path === '/console' || (path?.startsWith('/console/') ?? false);
}

/**
 * The console's header: the platform's name and its own links (my conferences; the review and identity providers
 * for the platform administrator), the account, the language switch. No conference's name, menu, registration link
 * or countdown: the console belongs to the installation, whichever conference's address it was opened on.
 */
export async function PlatformHeader({ ctx, locale }: { ctx: RequestContext; locale: Locale }) {
  const [t, tc, te, tcon, ti] = await Promise.all([
    getTranslations('nav'),
    getTranslations('common'),
    getTranslations('errors'),
    getTranslations('console'),
    getTranslations('identityAdmin'),
  ]);
  const href = (path: string) => localePath(locale, path);
  return (
    <header className={styles.header} data-testid="platform-header">
      <div className={`${styles.container} ${styles.headerRow}`}>
        <a href={href('/console')} className={styles.siteName} data-testid="platform-name">
          {tc('platformName')}
        </a>
        <nav className={styles.actions} aria-label={tcon('frameNav')}>
          {ctx.user && (
            <>
              <a href={href('/console')} className={styles.navLink} data-testid="nav-console">
                {t('console')}
              </a>
              {ctx.roles.platformAdmin && (
                <>
                  <a href={href('/console/review')} className={styles.navLink}>
                    {tcon('reviewTitle')}
                  </a>
                  <a href={href('/console/identity')} className={styles.navLink}>
                    {ti('open')}
                  </a>
                </>
              )}
              <span className={styles.signedInAs} data-testid="signed-in-as">
                {ctx.user.email}
              </span>
              <LogoutButton locale={locale} label={t('logout')} networkMessage={te('network')} className={styles.navLink} />
            </>
          )}
          <LanguageSwitch locale={locale} label={tc('languageSwitch')} ariaLabel={tc('languageSwitchLabel')} className={styles.navLink} />
        </nav>
      </div>
    </header>
  );
}
