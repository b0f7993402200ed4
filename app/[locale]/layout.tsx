import '@mantine/core/styles.css';
import '@mantine/tiptap/styles.css';
import '@mantine/notifications/styles.css';
import { ColorSchemeScript, mantineHtmlProps } from '@mantine/core';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { Providers } from '@/components/ui/providers';
import { localized, type Locale } from '@/lib/i18n/localized';
import { routing } from '@/lib/i18n/routing';
import { getRequestContext } from '@/lib/tenancy/context';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const ctx = await getRequestContext();
  const t = await getTranslations({ locale, namespace: 'common' });
  const title = ctx.conference ? localized(ctx.conference.title, locale as Locale) : t('platformName');
  return { title: { default: title, template: `%s | ${title}` } };
}

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const [ctx, h] = await Promise.all([getRequestContext(), headers()]);
  const nonce = h.get('x-nonce') ?? undefined;
  return (
    <html lang={locale === 'zh' ? 'zh-CN' : 'en'} {...mantineHtmlProps}>
      <head>
        <ColorSchemeScript nonce={nonce} />
      </head>
      <body>
        <NextIntlClientProvider>
          <Providers>
            <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
              <SiteHeader ctx={ctx} locale={locale} />
              <main style={{ flex: 1 }}>{children}</main>
              <SiteFooter ctx={ctx} locale={locale} />
            </div>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
