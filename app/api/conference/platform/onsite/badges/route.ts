import { badgeSettingsOf, saveBadgeSettings } from '@/lib/badges/badge-pdf';
import { ZBadgeSettings } from '@/lib/badges/settings-schema';
import { listFees } from '@/lib/fees/fee-config';
import { AppError } from '@/lib/http/app-error';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';

/** The badge settings: layout, what a badge shows, a colour per registration fee (issue 24 point 2). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => badgeSettingsOf(db, conference.id));

/** Saves them; a colour may only name a registration fee of this conference. */
export const POST = route({ auth: 'manager', body: ZBadgeSettings, changesSite: false }, async ({ db, conference, user, body }) => {
  const fees = new Set((await listFees(db, conference.id)).filter((f) => f.kind === 'register').map((f) => f.id));
  if (body.colours.some((c) => !fees.has(c.feeId))) throw new AppError('INVALID_INPUT');
  return saveBadgeSettings(db, conference.id, body, user.id);
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
