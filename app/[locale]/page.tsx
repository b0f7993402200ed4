import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { TemplatedView, templateValues } from '@/components/cms/templated-view';
import styles from '@/components/site/pages.module.css';
import { requirePage } from '@/lib/auth/require-page';
import { publishedPageFor } from '@/lib/cms/pages';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { siteLook, templateFor } from '@/lib/cms/templates';
import { DISCIPLINES } from '@/lib/conferences/disciplines';
import { registrationWindow } from '@/lib/conferences/website-config';
import { localePath } from '@/lib/i18n/locale-path';
import { isLocale, localized } from '@/lib/i18n/localized';
import { originOf, sitePrefixes } from '@/lib/conferences/seo';
import { isMobileAgent } from '@/lib/http/user-agent';
import { getRequestContext } from '@/lib/tenancy/context';
import { conferenceVisibleTo } from '@/lib/conferences/website-config';

/**
 * Title, description, canonical address, the other language's address (hreflang) and Open Graph,
 * from the conference's own details.
 */
export async function generateMetadata(): Promise<Metadata> {
  const [ctx, locale, h] = await Promise.all([getRequestContext(), getLocale(), headers()]);
  const { conference } = ctx;
  // An unpublished conference tells nobody but its administrators about itself.
  if (!conference || !conferenceVisibleTo(ctx)) return {};
  const lang = isLocale(locale) ? locale : 'zh';
  const title = localized(conference.title, lang);
  const description =
    [
      localized(conference.title2, lang),
      localized(conference.department, lang),
      localized(conference.city, lang),
      conference.startDate ?? '',
    ]
      .filter(Boolean)
      .join(' · ') || title;
  const origin = originOf(h);
  const prefixes = sitePrefixes(conference);
  const languages = Object.fromEntries(prefixes.map((prefix) => [prefix ? 'en' : 'zh', `${origin}${prefix || '/'}`]));
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: `${origin}${lang === 'en' ? '/en' : '/'}`, languages },
    openGraph: {
      type: 'website',
      title,
      description,
      url: `${origin}${lang === 'en' ? '/en' : '/'}`,
      locale: lang === 'zh' ? 'zh_CN' : 'en_GB',
      ...(conference.banner ? { images: [`${origin}/api/conference/asset/${conference.banner}`] } : {}),
    },
  };
}

/**
 * The conference home: drawn with the active appearance's home template when there is one, else
 * the built-in look (titles, dates, venue, the registration entry); the chosen home page's content
 * goes into the template's {{content}}, or below the built-in look.
 */
export default async function HomePage() {
  const { conference, db, locale } = await requirePage('/');
  const phone = isMobileAgent((await headers()).get('user-agent'));
  const [t, window, look, page] = await Promise.all([
    getTranslations('home'),
    registrationWindow(db, conference),
    siteLook(db, conference.id),
    conference.homePageId ? publishedPageFor(db, conference.id, conference.homePageId, phone) : null,
  ]);
  const template = templateFor(look, 'home', phone);
  const pageHtml = page ? localized(page.content, locale) : '';
  if (template) {
    const values = await templateValues(conference, locale, window, page ? localized(page.name, locale) : '');
    return <TemplatedView template={template} locale={locale} values={values} content={pageHtml} testId="home-template" />;
  }
  const text = (value: { zh: string; en: string }) => localized(value, locale);
  const discipline = DISCIPLINES.find((d) => d.code === conference.discipline)?.[locale] ?? '';
  const dates = conference.startDate
    ? `${conference.startDate}${conference.endDate ? ` – ${conference.endDate}` : ''}`
    : t('toBeAnnounced');
  return (
    <>
      <div
        data-testid="home-hero"
        className={styles.hero}
        style={{
          background: conference.banner
            ? `linear-gradient(rgba(20, 30, 60, 0.55), rgba(20, 30, 60, 0.55)), url(/api/conference/asset/${conference.banner}) center / cover`
            : 'linear-gradient(135deg, #3b5bdb, #0c8599)',
        }}
      >
        <div className={`${styles.container} ${styles.heroInner}`}>
          {text(conference.title3) && <p className={styles.kicker}>{text(conference.title3)}</p>}
          <h1 className={styles.title} data-testid="conference-title">
            {text(conference.title)}
          </h1>
          {text(conference.title2) && <p className={styles.subtitle}>{text(conference.title2)}</p>}
          {(text(conference.department) || discipline) && (
            <p className={styles.department} data-testid="conference-department">
              {[
                text(conference.department) && `${t('department')}：${text(conference.department)}`,
                discipline && `${t('discipline')}：${discipline}`,
              ]
                .filter(Boolean)
                .join(locale === 'zh' ? '　' : ' · ')}
            </p>
          )}
        </div>
      </div>
      <div className={styles.container}>
        <div className={styles.cards}>
          <section className={styles.card}>
            <p className={styles.label}>{t('dates')}</p>
            <p className={styles.strong}>{dates}</p>
          </section>
          <section className={styles.card}>
            <p className={styles.label}>{t('venue')}</p>
            <p className={styles.strong}>{text(conference.city) || t('toBeAnnounced')}</p>
            {text(conference.address) && <p className={`${styles.small} ${styles.dimmed}`}>{text(conference.address)}</p>}
          </section>
          <section className={styles.card}>
            <div className={styles.cardHead}>
              <p className={styles.label}>{t('registration')}</p>
              {window.open && <span className={styles.badge}>{t('open')}</span>}
            </div>
            {window.open ? (
              <>
                <p className={styles.small}>{t('registrationOpen', { start: window.startDate!, end: window.endDate! })}</p>
                <a href={localePath(locale, '/conferenceRegister')} className={styles.button} data-testid="register-now">
                  {t('registerNow')}
                </a>
              </>
            ) : (
              <p className={styles.strong}>{t('registrationNotOpen')}</p>
            )}
          </section>
        </div>
        {page && (
          <div
            className={styles.prose}
            data-testid="home-page-content"
            dangerouslySetInnerHTML={{ __html: sanitizeOrganiserHtml(pageHtml) }}
          />
        )}
      </div>
    </>
  );
}
