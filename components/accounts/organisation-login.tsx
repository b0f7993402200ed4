import { getLocale, getTranslations } from 'next-intl/server';
import type { OrganisationEntry } from '@/lib/oidc/search';
import classes from './organisation-login.module.css';
import { OrganisationSearch } from './organisation-search';

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  if (words.length === 0) return name.slice(0, 2);
  return words
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

/**
 * The login pages' organisation side (spec §2): the three shortcut organisations as logos (or their
 * initials), a searchable list of the others and a go button, each beginning the login at that
 * organisation; and the central account login when the platform has one. Server-rendered: only the
 * searchable list is a client island, drawn when there are organisations beyond the shortcuts.
 */
export async function OrganisationLogin({ organisations, centralUrl }: { organisations: OrganisationEntry[]; centralUrl: string | null }) {
  if (organisations.length === 0 && !centralUrl) return null;
  const [t, locale] = await Promise.all([getTranslations('orgLogin'), getLocale()]);
  const nameOf = (o: OrganisationEntry) => (locale === 'zh' ? o.zname : o.ename) || o.ename || o.zname;
  const shortcuts = organisations.filter((o) => o.shortcutOrder !== null).slice(0, 3);
  const others = organisations.filter((o) => !shortcuts.includes(o));

  return (
    <div className={classes.side} data-testid="organisation-login">
      <div className={classes.or}>{t('or')}</div>
      <p className={classes.title}>{t('title')}</p>
      {organisations.length > 0 && <p className={classes.intro}>{t('intro')}</p>}
      {shortcuts.length > 0 && (
        <div className={classes.shortcuts} aria-label={t('shortcuts')} role="group">
          {shortcuts.map((o) => (
            <a
              key={o.slug}
              className={classes.shortcut}
              href={o.redirectUrl}
              aria-label={t('loginWith', { name: nameOf(o) })}
              data-testid="org-shortcut"
              data-org={o.slug}
            >
              {o.logoUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- an organisation's logo from its federation entry
                <img className={classes.logo} src={o.logoUrl} alt={t('logoAlt', { name: nameOf(o) })} />
              ) : (
                <span className={classes.initials} aria-hidden>
                  {initials(o.ename || o.zname)}
                </span>
              )}
              <span className={classes.name}>{nameOf(o)}</span>
            </a>
          ))}
        </div>
      )}
      {others.length > 0 && (
        <OrganisationSearch options={others.map((o) => ({ value: o.slug, label: nameOf(o), redirectUrl: o.redirectUrl }))} />
      )}
      {centralUrl && (
        <a className={classes.central} href={centralUrl} data-testid="central-login">
          {t('central')}
        </a>
      )}
    </div>
  );
}
