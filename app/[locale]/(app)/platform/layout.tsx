import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SectionShell } from '@/components/layout/section-shell';
import { activeReviewerFor } from '@/lib/reviewers/queries';
import { getRequestContext } from '@/lib/tenancy/context';

/** The admin shell: its menu shows what the visitor's role may open. Each page checks access itself. */
export default async function PlatformLayout({ children }: { children: ReactNode }) {
  const [t, tp, ctx, tc, to] = await Promise.all([
    getTranslations('nav'),
    getTranslations('programmeVersions'),
    getRequestContext(),
    getTranslations('checkin'),
    getTranslations('onsiteDocs'),
  ]);
  const admin = ctx.roles.manager || ctx.roles.platformAdmin;
  // The review overview is the chair's and the managers' (spec §6): a plain reviewer is not offered it.
  const chair =
    !admin && ctx.roles.reviewer && ctx.user && ctx.conference
      ? (await activeReviewerFor(ctx.db, ctx.conference.id, ctx.user.id))?.role === 'chair'
      : false;
  const items = [
    ...(admin
      ? [
          { href: '/platform', label: t('dashboard') },
          { href: '/platform/config/website', label: t('websiteConfig') },
          { href: '/platform/config/page/list', label: t('pages') },
          { href: '/platform/config/menu', label: t('menus') },
          { href: '/platform/config/exterior', label: t('appearances') },
          { href: '/platform/config/template/list', label: t('templates') },
          { href: '/platform/config/register', label: t('registerConfig') },
          { href: '/platform/config/pay', label: t('payConfig') },
          { href: '/platform/config/email', label: t('emailConfig') },
          { href: '/platform/config/contribute', label: t('contributeConfig') },
          { href: '/platform/config/hotel', label: t('hotelConfig') },
          { href: '/platform/config/review', label: t('reviewConfig') },
          { href: '/platform/manage/user', label: t('manageUser') },
          { href: '/platform/manage/order', label: t('manageOrder') },
          { href: '/platform/manage/receipt', label: t('manageReceipt') },
          { href: '/platform/manage/contribute', label: t('manageContribute') },
          { href: '/platform/manage/hotel', label: t('manageHotel') },
          { href: '/platform/manage/reviewer', label: t('manageReviewer') },
          { href: '/platform/manage/notice', label: t('manageNotice') },
          { href: '/platform/manage/download', label: t('manageDownload') },
          { href: '/platform/manage/userFeedBack', label: t('manageFeedback') },
          { href: '/platform/programme', label: t('programme') },
          { href: '/platform/programme/versions', label: tp('menu') },
          { href: '/platform/manage/checkin', label: tc('manageMenu') },
          { href: '/platform/onsite/badges', label: to('navBadges') },
          { href: '/platform/onsite/certificates', label: to('navCertificates') },
        ]
      : []),
    ...(admin || ctx.roles.checkin ? [{ href: '/platform/checkin', label: tc('menu') }] : []),
    ...(admin || ctx.roles.reviewer
      ? [
          { href: '/platform/submissionManage/user', label: t('reviewerHome') },
          ...(admin || chair ? [{ href: '/platform/submissionManage/index', label: t('reviewOverview') }] : []),
        ]
      : []),
  ];
  return (
    <SectionShell title={t('platform')} items={items} wide>
      {children}
    </SectionShell>
  );
}
