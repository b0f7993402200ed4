import { and, eq, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { conference, conferenceRegistration, registrationConfig } from '@/db/schema';
import { DEFAULT_REGISTER_CAP, isWindowOpen, registrantCap, todayIn } from '@/lib/conferences/website-config';
import { ZFeeChoice, type FeeChoice } from '@/lib/fees/schemas';
import { AppError } from '@/lib/http/app-error';
import type { Locale } from '@/lib/i18n/localized';
import { placeFeeChoice } from '@/lib/orders/place-fee-choice';
import type { Order } from '@/lib/orders/place-fee-order';
import { moveToFiles } from '@/lib/storage/local-storage';
import { queueRegistrationMail } from './registration-mail';
import { attachUploads } from './uploads';
import type { Conference } from '@/lib/tenancy/resolve-conference';

type Answers = Record<string, string | string[]>;

/** The registration code: the conference's prefix and a four-digit sequence. */
export function registrationCode(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(4, '0')}`;
}


/**
 * Takes one place under the cap, atomically: the conditional update succeeds only while places are
 * left, and holds the conference row until the transaction ends. Returns the new sequence number,
 * or null when the conference is full.
 */
async function takePlace(tx: Executor, conferenceId: number): Promise<{ seq: number; slug: string; prefix: string | null; version: string | null } | null> {
  const cap = sql`case when ${conference.registerFlag} then ${conference.registerNum} else ${DEFAULT_REGISTER_CAP} end`;
  const [row] = await tx
    .update(conference)
    .set({ registeredCount: sql`${conference.registeredCount} + 1`, registrationSeq: sql`${conference.registrationSeq} + 1` })
    .where(and(eq(conference.id, conferenceId), sql`${conference.registeredCount} < ${cap}`))
    .returning({
      seq: conference.registrationSeq,
      slug: conference.slug,
      prefix: sql<string | null>`(select ${registrationConfig.codePrefix} from ${registrationConfig} where ${registrationConfig.conferenceId} = ${conference.id})`,
      version: sql<string | null>`(select ${registrationConfig.ruleVersion} from ${registrationConfig} where ${registrationConfig.conferenceId} = ${conference.id})`,
    });
  return row ?? null;
}

/** Everything the pre-checks need, in one query: module, window, count against the cap, rule, and mine. */
async function registrationState(db: Executor, conferenceId: number, userId: string) {
  const [row] = await db
    .select({
      moduleEnabled: conference.registerModuleEnabled,
      timeZone: conference.timeZone,
      title: conference.title,
      registeredCount: conference.registeredCount,
      registerFlag: conference.registerFlag,
      registerNum: conference.registerNum,
      startDate: registrationConfig.startDate,
      endDate: registrationConfig.endDate,
      costsSet: registrationConfig.costsSet,
      ruleType: registrationConfig.ruleType,
      mine: sql<boolean>`exists (select 1 from ${conferenceRegistration} r where r.conference_id = ${conference.id} and r.user_id = ${userId})`,
    })
    .from(conference)
    .leftJoin(registrationConfig, eq(registrationConfig.conferenceId, conference.id))
    .where(eq(conference.id, conferenceId));
  return row;
}

export type RegisterInput = {
  conference: Conference;
  userId: string;
  answers?: Answers;
  /** Uploaded files the answers name (checked and attached in the registration's transaction). */
  files?: { field: string; name: string }[];
  fees?: FeeChoice;
  locale?: Locale;
  now?: Date;
};

/**
 * Registers an account for a conference. The module, the window, an earlier registration and a
 * full conference are checked first (one query, so a rush of late-comers is turned away cheaply);
 * then one transaction takes a place under the registrant cap (one conditional update), writes the
 * registration, takes the chosen fees' places under their caps and writes their unpaid orders, and
 * queues the confirmation mail. Any refusal rolls all of it back, so nothing is half-written and no
 * cap is ever exceeded. The answer says where the participant goes next (spec §4).
 */
export async function registerParticipant(db: DB, input: RegisterInput): Promise<{ code: string; orders: Order[]; nextPath: string }> {
  const state = await registrationState(db, input.conference.id, input.userId);
  if (!state?.moduleEnabled) throw new AppError('MODULE_OFF', 'registerModuleOff', 403);
  if (!isWindowOpen(state, input.now)) throw new AppError('REGISTRATION_CLOSED', 'registrationClosed', 403);
  if (state.mine) throw new AppError('ALREADY_REGISTERED', 'alreadyRegistered', 409);
  if (isFull(state)) throw new AppError('REGISTRATION_FULL', 'registrationFull', 409);
  const locale = input.locale ?? 'zh';
  const answers = input.answers ?? {};
  const chooser = { today: todayIn(state.timeZone, input.now), locale, country: typeof answers.country === 'string' ? answers.country : null, invitationCode: input.fees?.invitationCode };
  const result = await withRegistrationConflicts(() =>
    db.transaction(async (tx) => {
      const registration = await insertRegistration(tx, input.conference.id, input.userId, answers);
      const moved = await attachUploads(tx, { conferenceId: input.conference.id, userId: input.userId, registrationId: registration.id, files: input.files ?? [] });
      const orders = await placeFeeChoice(tx, {
        conferenceId: input.conference.id,
        userId: input.userId,
        registrationId: registration.id,
        choice: input.fees ?? ZFeeChoice.parse({}),
        chooser,
        charged: state.costsSet ?? false,
        actorUserId: input.userId,
      });
      await queueRegistrationMail(tx, { conferenceId: input.conference.id, userId: input.userId, title: state.title, code: registration.code, orders, locale });
      return { code: registration.code, orders, moved };
    }),
  );
  // After the commit: the files leave the temporary area (downloads find them in either place meanwhile).
  await moveToFiles(input.conference.id, result.moved);
  const nextPath = result.orders.length > 0 && state.ruleType === 'REGISTER_FIRST_AND_PAY_LATER' ? '/profile/conference/fee' : '/profile/userInfo';
  return { code: result.code, orders: result.orders, nextPath };
}

/**
 * Takes a place under the cap and writes the registration with its number (the configured prefix,
 * or the slug) under the rule version in use; run it inside a transaction, so a failed insert gives
 * the place back.
 */
export async function insertRegistration(tx: Executor, conferenceId: number, userId: string, answers: Answers): Promise<{ id: number; code: string }> {
  const place = await takePlace(tx, conferenceId);
  if (!place) throw new AppError('REGISTRATION_FULL', 'registrationFull', 409);
  const code = registrationCode(place.prefix || `${place.slug.toUpperCase()}-`, place.seq);
  const version = place.version ?? 'default';
  const [row] = await tx.insert(conferenceRegistration).values({ conferenceId, userId, code, answers, version }).returning({ id: conferenceRegistration.id });
  return { id: row.id, code };
}

/** Two clicks at once: the unique (conference, user) key lets one through; the other's place is rolled back. */
export async function withRegistrationConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('ALREADY_REGISTERED', 'alreadyRegistered', 409);
    throw error;
  }
}

export async function findRegistration(db: Executor, conferenceId: number, userId: string) {
  const [row] = await db
    .select()
    .from(conferenceRegistration)
    .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Whether the conference has reached its cap (registerNum, or 1000 when registerFlag is off). */
export function isFull(conference: Pick<Conference, 'registeredCount' | 'registerFlag' | 'registerNum'>): boolean {
  return conference.registeredCount >= registrantCap(conference);
}

/** The current registrant count and cap, read fresh (the host lookup is cached for a few seconds). */
export async function registrationCounts(db: Executor, conferenceId: number) {
  const [row] = await db
    .select({ registeredCount: conference.registeredCount, registerFlag: conference.registerFlag, registerNum: conference.registerNum })
    .from(conference)
    .where(eq(conference.id, conferenceId));
  return { ...row, cap: registrantCap(row), full: isFull(row) };
}
