import { getTranslations } from 'next-intl/server';
import { fillTemplate, type TemplateValues } from '@/lib/cms/fill-template';
import type { Template } from '@/lib/cms/templates';
import { DISCIPLINES } from '@/lib/conferences/disciplines';
import { registrationDaysLeft, type RegistrationWindow } from '@/lib/conferences/website-config';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { Conference } from '@/lib/tenancy/resolve-conference';

/** The values of a template's placeholders for one conference, page and language. */
export async function templateValues(
  conference: Conference,
  locale: Locale,
  window: RegistrationWindow,
  pageTitle = '',
): Promise<TemplateValues> {
  const [tf, th] = await Promise.all([getTranslations({ locale, namespace: 'footer' }), getTranslations({ locale, namespace: 'home' })]);
  const text = (value: { zh: string; en: string }) => localized(value, locale);
  const daysLeft = registrationDaysLeft(window, conference.timeZone);
  const discipline = DISCIPLINES.find((d) => d.code === conference.discipline)?.[locale] ?? '';
  return {
    title: text(conference.title),
    title2: text(conference.title2),
    title3: text(conference.title3),
    shortTitle: text(conference.shortTitle),
    dates: conference.startDate ? `${conference.startDate}${conference.endDate ? ` – ${conference.endDate}` : ''}` : th('toBeAnnounced'),
    city: text(conference.city),
    address: text(conference.address),
    department: [text(conference.department), discipline].filter(Boolean).join(' · '),
    banner: conference.banner ? `/api/conference/asset/${conference.banner}` : '',
    registerUrl: `${locale === 'en' ? '/en' : ''}/conferenceRegister`,
    countdown: daysLeft === null ? '' : daysLeft === 0 ? tf('registrationClosesToday') : tf('registrationCloses', { days: daysLeft }),
    pageTitle,
  };
}

/**
 * A page drawn with an organiser's template: its stylesheet (a file of its own, linked and hoisted
 * into the head) and its HTML with the placeholders filled, sanitised as a whole.
 */
export function TemplatedView({
  template,
  locale,
  values,
  content,
  testId,
}: {
  template: Template;
  locale: Locale;
  values: TemplateValues;
  content: string;
  testId: string;
}) {
  const html = fillTemplate(localized(template.content, locale) || '{{content}}', values, content);
  return (
    <>
      {template.css && (
        <link
          rel="stylesheet"
          href={`/api/conference/template/${template.id}/css?v=${template.updatedAt.getTime()}`}
          precedence="default"
        />
      )}
      <div
        className={`confhub-template confhub-template-${template.type}`}
        data-template={template.id}
        data-testid={testId}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
