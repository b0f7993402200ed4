import '@/components/site/base.css';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { headers } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import styles from '@/components/site/chrome.module.css';
import { ChunkLoadWatch } from '@/components/site/chunk-load-watch';
import { HydrationMark } from '@/components/site/hydration-mark';
import { SiteFooter } from '@/components/site/site-footer';
import { SiteHeader } from '@/components/site/site-header';
import { inPlatformFrame, PlatformHeader } from '@/components/site/platform-header';
import { localized, type Locale } from '@/lib/i18n/localized';
import { routing } from '@/lib/i18n/routing';
import { getRequestContext } from '@/lib/tenancy/context';
import { conferenceVisibleTo } from '@/lib/conferences/website-config';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const ctx = await getRequestContext();
  const t = await getTranslations({ locale, namespace: 'common' });
  if (inPlatformFrame((await headers()).get('x-pathname')))
    return { title: { default: t('platformName'), template: `%s | ${t('platformName')}` } };
  const title = ctx.conference && conferenceVisibleTo(ctx) ? localized(ctx.conference.title, locale as Locale) : t('platformName');
  return { title: { default: title, template: `%s | ${title}` } };
}

/**
 * The root of every screen: plain server-rendered HTML (header, footer) and no client providers,
 * so the public pages (home, content pages, prompt pages, in this folder) ship almost no
 * JavaScript. The signed-in screens live in (app)/, whose layout adds next-intl's client messages
 * and Mantine, and in (light)/ (a participant's read-only screens: server HTML, a few messages,
 * Mantine only on demand). `data-mantine-color-scheme` is what Mantine's provider sets (the site is light only).
 */
export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const ctx = await getRequestContext();
  // The console is the installation's, not the conference's whose address it was opened on: its own frame.
  const platform = inPlatformFrame((await headers()).get('x-pathname'));
  return (
    <html lang={locale === 'zh' ? 'zh-CN' : 'en'} data-mantine-color-scheme="light" suppressHydrationWarning>
      <head>
        <ChunkLoadWatch locale={locale} />
      </head>
      <body>
        <div className={styles.shell}>
          {platform ? <PlatformHeader ctx={ctx} locale={locale} /> : <SiteHeader ctx={ctx} locale={locale} />}
          <main className={styles.main}>{children}</main>
          {!platform && conferenceVisibleTo(ctx) && <SiteFooter ctx={ctx} locale={locale} />}
        </div>
        <HydrationMark />
      </body>
    </html>
  );
}
