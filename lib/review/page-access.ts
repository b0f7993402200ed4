import type { PageContext } from '@/lib/auth/require-page';
import type { SessionUser } from '@/lib/tenancy/context';
import { AppError } from '@/lib/http/app-error';
import { redirect } from '@/lib/i18n/redirect';
import { reviewActor, type ReviewActor } from './permissions';

type SignedIn = PageContext & { user: SessionUser };

/** The review actor for a page; a caller with no part in this conference's review goes to /403. */
export async function pageActor(ctx: SignedIn): Promise<ReviewActor> {
  try {
    return await reviewActor(ctx.db, ctx.conference.id, ctx.user.id, ctx.roles);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') redirect({ href: '/403', locale: ctx.locale });
    throw error;
  }
}

/** Pages for managers only (the proxy already keeps reviewers in their area; this is the page's own check). */
export function managerOnly(ctx: PageContext): void {
  if (!ctx.roles.manager && !ctx.roles.platformAdmin) redirect({ href: '/403', locale: ctx.locale });
}
