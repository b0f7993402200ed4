import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { session } from '@/db/schema';
import { landingFor } from '@/lib/accounts/landing';
import { localePath } from '@/lib/i18n/locale-path';
import { createSessionFor } from '@/lib/oidc/session';
import { joinFamily, stateCookie, type SsoState } from './sso';

/**
 * The end of a sign-in across sites on the client (app/api/sso/callback, and app/api/sso/confirm once the visitor
 * said yes): a session of this site for the account, in the family of the one the code came from, and where to go —
 * the push's address on its peer, else the account's landing page here. `replacing`: the session of another account
 * this browser held here, which the visitor agreed to leave; it ends.
 */
export async function finishSignIn(
  db: Executor,
  input: {
    userId: string;
    family: string;
    saved: SsoState;
    conferenceId: number;
    headers: Headers;
    replacing?: { id: string; userId: string } | null;
  },
): Promise<{ next: string; setCookies: string[] }> {
  if (input.replacing && input.replacing.userId !== input.userId) {
    await db.delete(session).where(and(eq(session.id, input.replacing.id), eq(session.userId, input.replacing.userId)));
  }
  const created = await createSessionFor(input.userId, { headers: input.headers });
  await joinFamily(db, created.sessionId, input.family);
  const next = isPush(input.saved)
    ? input.saved.back
    : (
        await landingFor(db, {
          conferenceId: input.conferenceId,
          userId: input.userId,
          locale: input.saved.locale,
          redirect: input.saved.back || null,
        })
      ).next;
  return { next, setCookies: created.setCookies };
}

/** A push comes back to an address on its peer; a pull to a locale-free path of this site. */
export const isPush = (saved: SsoState) => /^https?:\/\//.test(saved.back);

/** Where a sign-in that got no code, or whose code was refused or declined, goes: a push on to its address, a pull to the login form. */
export function withoutSignIn(saved: SsoState, sso: '0' | 'invalid'): string {
  if (isPush(saved)) return saved.back;
  return localePath(saved.locale, `/conferencelogin?${new URLSearchParams({ ...(saved.back ? { redirect: saved.back } : {}), sso })}`);
}

/**
 * The cookie that holds, on the whole site, the sealed state of a sign-in waiting for the visitor's confirmation
 * (/ssoConfirm reads it; app/api/sso/confirm answers it). One at a time per browser.
 */
export const CONFIRM_COOKIE = 'confhub.sso.confirm';

export function confirmCookie(value: string, secure: boolean, maxAgeSeconds = 600): string {
  return stateCookie(CONFIRM_COOKIE, value, secure, maxAgeSeconds, '/');
}
