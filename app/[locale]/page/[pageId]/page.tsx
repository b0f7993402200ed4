import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { TemplatedView, templateValues } from '@/components/cms/templated-view';
import styles from '@/components/site/pages.module.css';
import { requirePage } from '@/lib/auth/require-page';
import { findPage, publishedPageFor, type Page } from '@/lib/cms/pages';
import { isMobileAgent } from '@/lib/http/user-agent';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { siteLook, templateFor } from '@/lib/cms/templates';
import { registrationWindow } from '@/lib/conferences/website-config';
import { localized } from '@/lib/i18n/localized';
import { getRequestContext } from '@/lib/tenancy/context';
import { parseId } from '@/lib/validation/primitives';

type Props = { params: Promise<{ pageId: string }> };

/**
 * The page a visitor sees: the published page (its mobile page on a phone), or, for the
 * conference's administrators, an unpublished one as a preview.
 */
async function resolvePage(pageId: string): Promise<{ page: Page | null; preview: boolean; phone: boolean }> {
  const [ctx, h] = await Promise.all([getRequestContext(), headers()]);
  const id = parseId(pageId);
  const phone = isMobileAgent(h.get('user-agent'));
  if (!ctx.conference || id === null) return { page: null, preview: false, phone };
  const published = await publishedPageFor(ctx.db, ctx.conference.id, id, phone);
  if (published) return { page: published, preview: false, phone };
  if (ctx.roles.manager || ctx.roles.platformAdmin) return { page: await findPage(ctx.db, ctx.conference.id, id), preview: true, phone };
  return { page: null, preview: false, phone };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ page }, { locale }] = await Promise.all([resolvePage((await params).pageId), requirePage('/page/:pageId')]);
  return page ? { title: localized(page.name, locale) } : {};
}

export default async function ContentPage({ params }: Props) {
  const { locale, db, conference } = await requirePage('/page/:pageId');
  const [t, { page, preview, phone }, look] = await Promise.all([
    getTranslations('pages'),
    resolvePage((await params).pageId),
    siteLook(db, conference.id),
  ]);
  // Not there, or not published and the visitor is no administrator: the 404 screen, status 404.
  if (!page) notFound();
  const previewNotice = preview && (
    <p className={`${styles.alert} ${styles.alertWarning}`} role="status" data-testid="page-preview">
      {t('previewNotice')}
    </p>
  );
  const template = templateFor(look, 'page', phone);
  if (template) {
    const values = await templateValues(conference, locale, await registrationWindow(db, conference), localized(page.name, locale));
    return (
      <>
        {previewNotice && <div className={styles.spaced}>{previewNotice}</div>}
        <TemplatedView
          template={template}
          locale={locale}
          values={values}
          content={localized(page.content, locale)}
          testId="page-template"
        />
      </>
    );
  }
  return (
    <div className={`${styles.container} ${styles.narrow}`}>
      {previewNotice}
      <h1 className={styles.pageTitle} data-testid="page-title">
        {localized(page.name, locale)}
      </h1>
      <div
        className={`${styles.prose} ${styles.pageBody}`}
        data-testid="page-content"
        dangerouslySetInnerHTML={{ __html: sanitizeOrganiserHtml(localized(page.content, locale)) }}
      />
    </div>
  );
}
