import { Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { TemplatedView, templateValues } from '@/components/cms/templated-view';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { publishedPageFor } from '@/lib/cms/pages';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { siteLook, templateFor } from '@/lib/cms/templates';
import { DISCIPLINES } from '@/lib/conferences/disciplines';
import { registrationWindow } from '@/lib/conferences/website-config';
import { isLocale, localized } from '@/lib/i18n/localized';
import { originOf, sitePrefixes } from '@/lib/conferences/seo';
import { isMobileAgent } from '@/lib/http/user-agent';
import { getRequestContext } from '@/lib/tenancy/context';

/**
 * Title, description, canonical address, the other language's address (hreflang) and Open Graph,
 * from the conference's own details.
 */
export async function generateMetadata(): Promise<Metadata> {
  const [{ conference }, locale, h] = await Promise.all([getRequestContext(), getLocale(), headers()]);
  if (!conference) return {};
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
        style={{
          background: conference.banner
            ? `linear-gradient(rgba(20, 30, 60, 0.55), rgba(20, 30, 60, 0.55)), url(/api/conference/asset/${conference.banner}) center / cover`
            : 'linear-gradient(135deg, var(--mantine-color-indigo-8), var(--mantine-color-cyan-7))',
        }}
      >
        <Container size="lg" py={72}>
          <Stack gap="sm" c="white">
            {text(conference.title3) && (
              <Text fz="sm" opacity={0.85}>
                {text(conference.title3)}
              </Text>
            )}
            <Title order={1} fz={{ base: 28, sm: 40 }} data-testid="conference-title">
              {text(conference.title)}
            </Title>
            {text(conference.title2) && <Text fz="lg">{text(conference.title2)}</Text>}
            {(text(conference.department) || discipline) && (
              <Text fz="sm" opacity={0.9} data-testid="conference-department">
                {[
                  text(conference.department) && `${t('department')}：${text(conference.department)}`,
                  discipline && `${t('discipline')}：${discipline}`,
                ]
                  .filter(Boolean)
                  .join(locale === 'zh' ? '　' : ' · ')}
              </Text>
            )}
          </Stack>
        </Container>
      </div>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Paper withBorder p="lg">
            <Text c="dimmed" size="sm">
              {t('dates')}
            </Text>
            <Text fw={600} mt={4}>
              {dates}
            </Text>
          </Paper>
          <Paper withBorder p="lg">
            <Text c="dimmed" size="sm">
              {t('venue')}
            </Text>
            <Text fw={600} mt={4}>
              {text(conference.city) || t('toBeAnnounced')}
            </Text>
            {text(conference.address) && (
              <Text size="sm" c="dimmed">
                {text(conference.address)}
              </Text>
            )}
          </Paper>
          <Paper withBorder p="lg">
            <Group justify="space-between">
              <Text c="dimmed" size="sm">
                {t('registration')}
              </Text>
              {window.open && (
                <Badge color="green" variant="light">
                  {t('open')}
                </Badge>
              )}
            </Group>
            {window.open ? (
              <Stack gap="xs" mt={4}>
                <Text size="sm">{t('registrationOpen', { start: window.startDate!, end: window.endDate! })}</Text>
                <ButtonLink href="/conferenceRegister" data-testid="register-now">
                  {t('registerNow')}
                </ButtonLink>
              </Stack>
            ) : (
              <Text fw={600} mt={4}>
                {t('registrationNotOpen')}
              </Text>
            )}
          </Paper>
        </SimpleGrid>
        {page && (
          <Typography mt="xl">
            <div data-testid="home-page-content" dangerouslySetInnerHTML={{ __html: sanitizeOrganiserHtml(pageHtml) }} />
          </Typography>
        )}
      </Container>
    </>
  );
}
