import { and, count, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conference, conferenceRegistration } from '@/db/schema';
import { registrantCap, registrationWindow } from '@/lib/conferences/website-config';
import { AppError } from '@/lib/http/app-error';
import type { Conference } from '@/lib/tenancy/resolve-conference';

/** The registration code: the conference's prefix and a four-digit sequence. */
export function registrationCode(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(4, '0')}`;
}

/**
 * Registers an account for a conference. The window and the module are checked first; the cap
 * and the one-registration-per-account rule are decided under a lock on the conference row, in
 * one transaction, so concurrent registrations can never exceed the cap.
 */
export async function registerParticipant(db: DB, input: { conference: Conference; userId: string; now?: Date }): Promise<{ code: string }> {
  const window = await registrationWindow(db, input.conference, input.now);
  if (!window.moduleEnabled) throw new AppError('MODULE_OFF', 'registerModuleOff', 403);
  if (!window.open) throw new AppError('REGISTRATION_CLOSED', 'registrationClosed', 403);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ registerFlag: conference.registerFlag, registerNum: conference.registerNum, slug: conference.slug })
      .from(conference)
      .where(eq(conference.id, input.conference.id))
      .for('update');
    const [mine] = await tx
      .select({ id: conferenceRegistration.id })
      .from(conferenceRegistration)
      .where(and(eq(conferenceRegistration.conferenceId, input.conference.id), eq(conferenceRegistration.userId, input.userId)));
    if (mine) throw new AppError('ALREADY_REGISTERED', 'alreadyRegistered', 409);
    const [{ taken }] = await tx
      .select({ taken: count() })
      .from(conferenceRegistration)
      .where(eq(conferenceRegistration.conferenceId, input.conference.id));
    if (taken >= registrantCap(locked)) throw new AppError('REGISTRATION_FULL', 'registrationFull', 409);
    const code = registrationCode(`${locked.slug.toUpperCase()}-`, taken + 1);
    await tx.insert(conferenceRegistration).values({ conferenceId: input.conference.id, userId: input.userId, code });
    return { code };
  });
}

export async function findRegistration(db: DB, conferenceId: number, userId: string) {
  const [row] = await db
    .select()
    .from(conferenceRegistration)
    .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function countRegistrations(db: DB, conferenceId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(conferenceRegistration).where(eq(conferenceRegistration.conferenceId, conferenceId));
  return n;
}
