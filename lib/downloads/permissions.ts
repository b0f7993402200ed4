import type { Executor } from '@/db/client';
import type { Roles } from '@/lib/auth/roles';
import { isRegistered } from '@/lib/auth/roles';
import { hasAvailableOrder } from '@/lib/orders/queries';
import { PAID_STATUSES } from '@/lib/orders/rules';
import type { DownloadAudience } from './schemas';

/** What a signed-in account is to the conference, as far as materials go. */
export type Viewer = { registered: boolean; paid: boolean; organiser: boolean };

/**
 * Whether the account holds a paid registration order of this conference: an available order of
 * type 'registration' whose money arrived (paid online, or a transfer a manager confirmed).
 */
export async function hasPaidRegistration(db: Executor, conferenceId: number, userId: string): Promise<boolean> {
  return hasAvailableOrder(db, { conferenceId, userId, type: 'registration', payStatuses: PAID_STATUSES });
}

/** The viewer as the rules need them: registered (the guard's check), paid (registered and a paid registration order), organiser. */
export async function viewerOf(db: Executor, conferenceId: number, userId: string, roles: Roles): Promise<Viewer> {
  const [registered, paid] = await Promise.all([isRegistered(db, conferenceId, userId), hasPaidRegistration(db, conferenceId, userId)]);
  return { registered, paid: registered && paid, organiser: roles.manager || roles.platformAdmin };
}

/** Whether the viewer may see and download a material for `audience`; organisers see every one. */
export function canDownload(viewer: Viewer, audience: DownloadAudience | string): boolean {
  if (viewer.organiser) return true;
  if (audience === 'all') return true;
  if (audience === 'registrants') return viewer.registered;
  if (audience === 'paid') return viewer.paid;
  return false;
}

/** The audiences the viewer is in, for the query's WHERE. */
export function audiencesFor(viewer: Viewer): DownloadAudience[] {
  return (['all', 'registrants', 'paid'] as const).filter((a) => canDownload(viewer, a));
}
