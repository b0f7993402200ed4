import { decodeAddressPart } from '@/lib/http/text';

/**
 * The route-rule table: every screen the app serves, with who may open it. proxy.ts uses it as the
 * first gate (session cookie present); pages apply it for real through
 * requirePage(), with the full context (valid session, roles, conference status).
 *
 * access:
 *  - 'prompt'    prompt pages (/404, /403, /401, /unpublished): open to everyone, always.
 *  - 'anonymous' open without a session.
 *  - 'user'      needs a session (the personal centre).
 *  - 'platform'  needs a conference manager, a platform administrator, a reviewer or check-in staff (each confined to
 *                their own area).
 *  - 'admin'     needs a platform administrator (the publication review).
 * account: sign-in pages (and the platform-wide console) stay reachable on an unpublished conference,
 * so its organisers can sign in and conference creators can work.
 */
export type Access = 'prompt' | 'anonymous' | 'user' | 'platform' | 'admin';
export type RouteRule = { pattern: string; access: Access; account?: boolean };

export const ROUTE_RULES = [
  { pattern: '/', access: 'anonymous' },
  { pattern: '/conferencelogin', access: 'anonymous', account: true },
  { pattern: '/userRegister', access: 'anonymous', account: true },
  { pattern: '/resetPassword', access: 'anonymous', account: true },
  { pattern: '/conferenceRegister', access: 'anonymous' },
  { pattern: '/page/:pageId', access: 'anonymous' },
  { pattern: '/programme', access: 'anonymous' },
  { pattern: '/programme/print', access: 'anonymous' },
  { pattern: '/programme/:code', access: 'anonymous' },
  { pattern: '/certificate/verify', access: 'anonymous' },
  { pattern: '/certificate/verify/:code', access: 'anonymous' },
  { pattern: '/register', access: 'anonymous' },
  { pattern: '/login', access: 'anonymous', account: true },
  { pattern: '/oidcLogin', access: 'anonymous', account: true },
  { pattern: '/ssoContinue', access: 'user', account: true },
  { pattern: '/ssoConfirm', access: 'anonymous', account: true },
  { pattern: '/review/active/:key', access: 'anonymous', account: true },
  { pattern: '/404', access: 'prompt' },
  { pattern: '/403', access: 'prompt' },
  { pattern: '/401', access: 'prompt' },
  { pattern: '/unpublished', access: 'prompt' },
  { pattern: '/profile', access: 'user' },
  { pattern: '/profile/userInfo', access: 'user' },
  { pattern: '/profile/userInfo/Edit', access: 'user' },
  { pattern: '/profile/conference/fee', access: 'user' },
  { pattern: '/profile/conference/fee/register/update/:orderId', access: 'user' },
  { pattern: '/profile/conference/fee/optional/update/:orderId', access: 'user' },
  { pattern: '/profile/order/list', access: 'user' },
  { pattern: '/profile/order/pay/goto/:orderIds', access: 'user' },
  { pattern: '/profile/order/pay/goto/result/:billId', access: 'user' },
  { pattern: '/profile/order/receipt/:orderId', access: 'user' },
  { pattern: '/profile/submission', access: 'user' },
  { pattern: '/profile/submission/details', access: 'user' },
  { pattern: '/profile/agenda', access: 'user' },
  { pattern: '/profile/hotel/order', access: 'user' },
  { pattern: '/profile/notice', access: 'user' },
  { pattern: '/profile/download', access: 'user' },
  { pattern: '/profile/feedback', access: 'user' },
  { pattern: '/profile/feedBackDetails', access: 'user' },
  { pattern: '/console', access: 'user', account: true },
  { pattern: '/console/create', access: 'user', account: true },
  { pattern: '/console/review', access: 'admin', account: true },
  { pattern: '/console/identity', access: 'admin', account: true },
  { pattern: '/platform', access: 'platform' },
  { pattern: '/platform/config/register', access: 'platform' },
  { pattern: '/platform/config/website', access: 'platform' },
  { pattern: '/platform/config/menu', access: 'platform' },
  { pattern: '/platform/config/page/list', access: 'platform' },
  { pattern: '/platform/config/page/add', access: 'platform' },
  { pattern: '/platform/config/page/edit/:id', access: 'platform' },
  { pattern: '/platform/config/template/list', access: 'platform' },
  { pattern: '/platform/config/template/add', access: 'platform' },
  { pattern: '/platform/config/template/edit/:id', access: 'platform' },
  { pattern: '/platform/config/exterior', access: 'platform' },
  { pattern: '/platform/config/exterior/list', access: 'platform' },
  { pattern: '/platform/config/exterior/add', access: 'platform' },
  { pattern: '/platform/config/exterior/edit/:id', access: 'platform' },
  { pattern: '/platform/config/pay', access: 'platform' },
  { pattern: '/platform/config/email', access: 'platform' },
  { pattern: '/platform/config/contribute', access: 'platform' },
  { pattern: '/platform/config/hotel', access: 'platform' },
  { pattern: '/platform/config/review', access: 'platform' },
  { pattern: '/platform/manage/user', access: 'platform' },
  { pattern: '/platform/manage/order', access: 'platform' },
  { pattern: '/platform/manage/receipt', access: 'platform' },
  { pattern: '/platform/manage/userDetails', access: 'platform' },
  { pattern: '/platform/manage/contribute', access: 'platform' },
  { pattern: '/platform/manage/hotel', access: 'platform' },
  { pattern: '/platform/manage/notice', access: 'platform' },
  { pattern: '/platform/manage/download', access: 'platform' },
  { pattern: '/platform/manage/reviewer', access: 'platform' },
  { pattern: '/platform/manage/reviewer/info/:userId', access: 'platform' },
  { pattern: '/platform/manage/userFeedBack', access: 'platform' },
  { pattern: '/platform/programme', access: 'platform' },
  { pattern: '/platform/submissionManage/index', access: 'platform' },
  { pattern: '/platform/submissionManage/user', access: 'platform' },
  { pattern: '/platform/submissionManage/contribute/detail', access: 'platform' },
  { pattern: '/platform/submissionManage/submission/detail', access: 'platform' },
  { pattern: '/platform/submissionManage/reviewList', access: 'platform' },
  { pattern: '/platform/programme/versions', access: 'platform' },
  { pattern: '/platform/onsite/badges', access: 'platform' },
  { pattern: '/platform/onsite/certificates', access: 'platform' },
  { pattern: '/platform/checkin', access: 'platform' },
  { pattern: '/platform/manage/checkin', access: 'platform' },
] as const satisfies readonly RouteRule[];

/** The pattern of a screen the app serves. */
export type RoutePattern = (typeof ROUTE_RULES)[number]['pattern'];
/** The screens only a signed-in visitor reaches: their pages get a non-null user. */
export type SignedInPattern = Extract<(typeof ROUTE_RULES)[number], { access: 'user' | 'platform' | 'admin' }>['pattern'];

export const REVIEWER_AREA = '/platform/submissionManage';
export const REVIEWER_HOME = '/platform/submissionManage/user';
/** The check-in staff's whole area (issue 24): the door's screen. */
export const CHECKIN_AREA = '/platform/checkin';
export const LOGIN_PATH = '/conferencelogin';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Finds the rule for a locale-free pathname; `:name` segments match any one segment. */
export function matchRoute(pathname: string): { rule: RouteRule; params: Record<string, string> } | null {
  const parts = segments(pathname);
  for (const rule of ROUTE_RULES as readonly RouteRule[]) {
    const pattern = segments(rule.pattern);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((seg, i) => {
      if (seg.startsWith(':')) {
        const value = decodeAddressPart(parts[i]);
        if (value === null) return false;
        params[seg.slice(1)] = value;
        return true;
      }
      return seg === parts[i];
    });
    if (matches) return { rule, params };
  }
  return null;
}

export function ruleFor(pattern: string): RouteRule {
  const rule = (ROUTE_RULES as readonly RouteRule[]).find((r) => r.pattern === pattern);
  if (!rule) throw new Error(`No route rule for ${pattern}`);
  return rule;
}
