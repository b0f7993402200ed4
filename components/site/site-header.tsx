import { getTranslations } from 'next-intl/server';
import { PUBLISHED } from '@/lib/conferences/status';
import { publicMenus, type PublicMenu } from '@/lib/cms/menus';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';
import { hasPublishedProgramme } from '@/lib/programme/published-versions';
import type { RequestContext } from '@/lib/tenancy/context';
import styles from './chrome.module.css';
import { LanguageSwitch } from './language-switch';
import { LogoutButton } from './logout-button';
import { SiteMenu } from './site-menu';
import { conferenceVisibleTo } from '@/lib/conferences/website-config';

/**
 * The header of every screen: conference name, registration, account links, admin entry, language
 * switch, and the site's menu. Plain links drawn on the server; only the switch, the logout and
 * the menu run in the browser.
 */
export async function SiteHeader({ ctx, locale }: { ctx: RequestContext; locale: Locale }) {
  const [t, tc, te, tp] = await Promise.all([
    getTranslations('nav'),
    getTranslations('common'),
    getTranslations('errors'),
    getTranslations('programme'),
  ]);
  const conference = ctx.conference;
  const name = conference && conferenceVisibleTo(ctx) ? localized(conference.shortTitle, locale) : tc('platformName');
  const showSwitch = !conference || conference.languageType === 3;
  const canManage = ctx.roles.manager || ctx.roles.platformAdmin;
  // The site's own menu, once the conference is public (or for those who prepare it).
  const shown = conference && (conference.status === PUBLISHED || canManage);
  const [siteMenus, programme] = shown
    ? await Promise.all([publicMenus(ctx.db, conference.id, locale), hasPublishedProgramme(ctx.db, { conferenceId: conference.id })])
    : [[], false];
  // A published programme is in the menu, unless the organiser's menu already leads to it.
  const leadsToProgramme = (items: PublicMenu[]): boolean => items.some((m) => m.href === '/programme' || leadsToProgramme(m.children));
  const menus: PublicMenu[] =
    programme && !leadsToProgramme(siteMenus)
      ? [...siteMenus, { id: 0, title: tp('menu'), href: '/programme', newWindow: false, icon: '', children: [] }]
      : siteMenus;
  const href = (path: string) => localePath(locale, path);
  const link = (path: string, label: string, testId?: string, light = false) => (
    <a href={href(path)} className={light ? `${styles.navLink} ${styles.navLight}` : styles.navLink} data-testid={testId}>
      {label}
    </a>
  );
  return (
    <header className={styles.header}>
      <div className={`${styles.container} ${styles.headerRow}`}>
        <a href={href('/')} className={styles.siteName} data-testid="site-name">
          {name}
        </a>
        <div className={styles.actions}>
          {conference && conference.registerModuleEnabled && link('/conferenceRegister', t('conferenceRegister'))}
          {ctx.user ? (
            <>
              {canManage && link('/platform', t('platform'), 'nav-platform')}
              {!canManage && ctx.roles.reviewer && link('/platform/submissionManage/user', t('review'))}
              {!canManage && ctx.roles.checkin && link('/platform/checkin', t('checkin'), 'nav-checkin')}
              {link('/console', t('console'), 'nav-console')}
              {link('/profile/userInfo', t('profile'), 'nav-profile')}
              <span className={styles.signedInAs} data-testid="signed-in-as">
                {ctx.user.email}
              </span>
              <LogoutButton locale={locale} label={t('logout')} networkMessage={te('network')} className={styles.navLink} />
            </>
          ) : (
            <>
              {link('/conferencelogin', t('login'), 'nav-login')}
              {link('/userRegister', t('signUp'), undefined, true)}
            </>
          )}
          {showSwitch && (
            <LanguageSwitch locale={locale} label={tc('languageSwitch')} ariaLabel={tc('languageSwitchLabel')} className={styles.navLink} />
          )}
        </div>
      </div>
      {menus.length > 0 && (
        <div className={`${styles.container} ${styles.menuBar}`}>
          <SiteMenu items={menus} locale={locale} label={t('siteMenu')} toggleLabel={t('menuToggle')} />
        </div>
      )}
    </header>
  );
}
