import { and, eq, sql } from 'drizzle-orm';
import { batches } from '@/db/batches';
import type { DB, Executor } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { conference, conferenceRegistration, mailTemplateOverride, registrationConfig, registrationField, user } from '@/db/schema';
import { isWindowOpen, registrantCap, todayIn } from '@/lib/conferences/website-config';
import { checkInvitationGuess } from '@/lib/fees/invitation-guesses';
import { ZFeeChoice, type FeeChoice } from '@/lib/fees/schemas';
import { AppError } from '@/lib/http/app-error';
import type { Locale } from '@/lib/i18n/localized';
import { placeFeeChoice } from '@/lib/orders/place-fee-choice';
import type { Order } from '@/lib/orders/place-fee-order';
import { publishUploads } from '@/lib/storage/intake';
import { enqueueRendered } from '@/lib/mail/outbox';
import { siteOrigin } from '@/lib/conferences/site-origin';
import { paymentTimes } from '@/lib/payments/methods';
import type { TemplateOverride } from '@/lib/mail/render';
import { CODE_TOKEN, registrationMail, withCode, type RegistrationMail } from './registration-mail';
import { placeRegistration, placeRegistrations, type Answers } from './place-registrations';
import { checkAnswers } from './answers';
import { completeForm, type FormField } from './fields';
import { attachUploads } from './uploads';
import type { Conference } from '@/lib/tenancy/resolve-conference';

function registrationStateQuery(db: Executor) {
  const userIds = sql.placeholder('userIds');
  return db
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
      ruleVersion: registrationConfig.ruleVersion,
      countryOptions: registrationConfig.countryOptions,
      // Which of the accounts asking are registered already.
      registered: sql<
        string[] | null
      >`(select array_agg(r.user_id) from ${conferenceRegistration} r where r.conference_id = ${conference.id} and r.user_id = any(${userIds}))`,
      // The form of the version in use, in the same round trip (null: the built-in defaults).
      fields: sql<
        FormField[] | null
      >`(select json_agg(json_build_object('key', f.field_key, 'kind', f.kind, 'type', f.type, 'label', f.label, 'options', f.options,
        'required', f.required, 'enabled', f.enabled, 'sortOrder', f.sort_order) order by f.sort_order, f.id)
        from ${registrationField} f where f.conference_id = ${conference.id} and f.version = coalesce(${registrationConfig.ruleVersion}, 'default'))`,
      // The organisers' wording of the confirmation mail (null: the built-in one), in the same round trip too.
      override: sql<TemplateOverride | null>`(select json_build_object('subject', o.subject, 'body', o.body)
        from ${mailTemplateOverride} o where o.conference_id = ${conference.id} and o.template = 'registrationSuccess')`,
    })
    .from(conference)
    .leftJoin(registrationConfig, eq(registrationConfig.conferenceId, conference.id))
    .where(eq(conference.id, sql.placeholder('conferenceId')))
    .prepare('confhub_registration_state');
}

/** Built once per database (a named statement: PostgreSQL parses and plans it once per connection). */
const preparedState = new WeakMap<Executor, ReturnType<typeof registrationStateQuery>>();

/**
 * Everything a batch of registrations needs to know, in one query: module, window, count against the cap, rule, which of
 * the accounts are registered already, the form and the confirmation mail's wording.
 */
async function registrationState(db: Executor, conferenceId: number, userIds: string[]) {
  let query = preparedState.get(db);
  if (!query) preparedState.set(db, (query = registrationStateQuery(db)));
  const [row] = await query.execute({ conferenceId, userIds });
  return row;
}

type RegistrationState = NonNullable<Awaited<ReturnType<typeof registrationState>>>;

export type RegisterInput = {
  conference: Conference;
  userId: string;
  /** The form as submitted: checked against the form of the version in use once the pre-checks pass. */
  form?: Record<string, unknown>;
  /** Answers already checked (the form's check is skipped: seeds, tests, organisers' tools). */
  answers?: Answers;
  /** The registrant's email and name for the confirmation mail (read from the account when absent). */
  account?: { email: string; name: string };
  /** Uploaded files the answers name (checked and attached in the registration's transaction). */
  files?: { field: string; name: string }[];
  fees?: FeeChoice;
  /** The client address the form comes from: wrong invitation codes are limited per client and per account. */
  ip?: string | null;
  locale?: Locale;
  now?: Date;
};

export type Registered = { code: string; orders: Order[]; nextPath: string };

/**
 * Registers an account for a conference. The registrations asked for at once in this process are served in batches, in
 * the order they came (one batch of a conference at a time; while it runs the next gathers): one query tells the
 * module, the window, who of them registered already, a full conference and the form, so a rush of late-comers is
 * turned away cheaply; each submitted form is checked only then. The free registrations without files of a batch are
 * written by one statement (places under the cap in order, the registrations, their confirmation mails): a rush costs
 * the database two statements per batch instead of two per registration. Otherwise one transaction per registration
 * takes the place, writes the registration, attaches the files, takes the chosen fees' places under their caps with
 * their unpaid orders, and queues the mail. Any refusal undoes all of it, so nothing is half-written and no cap is ever
 * exceeded. The answer says where the participant goes next (§4).
 */
export function registerParticipant(db: DB, input: RegisterInput): Promise<Registered> {
  return new Promise((resolve, reject) => registrations(db, input.conference.id, { input, resolve, reject }));
}

type Pending = { input: RegisterInput; resolve: (registered: Registered) => void; reject: (error: unknown) => void };

/** The registrations asked for at once in this process, per database and conference, up to 64 in a batch. */
const registrations = batches<DB, Pending>((db, _conferenceId, batch) => registerBatch(db, batch), 64);

/** What one registration of a batch writes once its checks have passed. */
type Prepared = {
  pending: Pending;
  answers: Answers;
  files: { field: string; name: string }[];
  locale: Locale;
  charged: boolean;
  mailFor: (orders: Order[]) => RegistrationMail;
};

async function registerBatch(db: DB, batch: Pending[]): Promise<void> {
  const conferenceId = batch[0].input.conference.id;
  const state = await registrationState(db, conferenceId, [...new Set(batch.map((p) => p.input.userId))]);
  // The orders' pay-by time and the payment page's link, for the mails (only when fees are charged): once per batch.
  const pay = state?.costsSet
    ? {
        orderExpiryMinutes: (await paymentTimes(db, conferenceId)).orderExpiryMinutes,
        timeZone: state.timeZone,
        origin: await siteOrigin(db, conferenceId),
      }
    : null;
  const prepared = await Promise.all(
    batch.map((pending) =>
      prepareRegistration(db, state, pending, pay).catch((error: unknown) => {
        pending.reject(error);
        return null;
      }),
    ),
  );
  const quick: Prepared[] = [];
  const inBatch = new Set<string>();
  for (const one of prepared) {
    if (!one) continue;
    const { input } = one.pending;
    // The same account twice in a batch (two clicks): the second goes on its own; one of them registers, the other is
    // told the account is registered already.
    if (!one.charged && one.files.length === 0 && !inBatch.has(input.userId)) {
      inBatch.add(input.userId);
      quick.push(one);
    } else {
      registerInTransaction(db, state!, one).then(one.pending.resolve, one.pending.reject);
    }
  }
  if (quick.length) await placeBatch(db, conferenceId, quick);
}

type Pay = { orderExpiryMinutes: number; timeZone: string; origin: string } | null;

/** The checks of one registration against the batch's state, its answers and its confirmation mail. */
async function prepareRegistration(db: DB, state: RegistrationState | undefined, pending: Pending, pay: Pay): Promise<Prepared> {
  const { input } = pending;
  if (!state?.moduleEnabled) throw new AppError('MODULE_OFF');
  if (!isWindowOpen(state, input.now)) throw new AppError('REGISTRATION_CLOSED');
  if (state.registered?.includes(input.userId)) throw new AppError('ALREADY_REGISTERED');
  if (isFull(state)) throw new AppError('REGISTRATION_FULL');
  const locale = input.locale ?? 'zh';
  const checked = input.form
    ? checkAnswers(completeForm(state.fields ?? []), state.countryOptions ?? [], input.form)
    : { answers: input.answers ?? {}, files: input.files ?? [] };
  const account = input.account ?? (await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, input.userId)))[0];
  const { title, override } = state;
  return {
    pending,
    answers: checked.answers,
    files: checked.files,
    locale,
    charged: state.costsSet ?? false,
    mailFor: (orders) => registrationMail({ account, title, code: CODE_TOKEN, orders, locale, override, pay }),
  };
}

/**
 * The free registrations without files of a batch, in one statement. If one of the accounts registered meanwhile (in
 * another process, another tab) the statement writes nothing, and each is then written on its own, as one registration
 * always was.
 */
async function placeBatch(db: DB, conferenceId: number, batch: Prepared[]): Promise<void> {
  const done = { orders: [], nextPath: '/profile/userInfo' };
  try {
    const placed = await placeRegistrations(
      db,
      conferenceId,
      batch.map((p) => ({ userId: p.pending.input.userId, answers: p.answers, locale: p.locale, mail: p.mailFor([]) })),
    );
    for (const p of batch) {
      const code = placed.get(p.pending.input.userId);
      if (code) p.pending.resolve({ code, ...done });
      else p.pending.reject(new AppError('REGISTRATION_FULL'));
    }
  } catch (error) {
    if (!uniqueViolation(error)) {
      for (const p of batch) p.pending.reject(error);
      return;
    }
    await Promise.all(
      batch.map((p) =>
        withRegistrationConflicts(() =>
          insertRegistration(db, conferenceId, p.pending.input.userId, p.answers, p.locale, p.mailFor([])),
        ).then(({ code }) => p.pending.resolve({ code, ...done }), p.pending.reject),
      ),
    );
  }
}

/** A registration with fees or files: one transaction of its own. */
async function registerInTransaction(db: DB, state: RegistrationState, prepared: Prepared): Promise<Registered> {
  const { input } = prepared.pending;
  const { answers, locale, charged, mailFor } = prepared;
  if (!charged && prepared.files.length === 0) {
    const { code } = await withRegistrationConflicts(() =>
      insertRegistration(db, input.conference.id, input.userId, answers, locale, mailFor([])),
    );
    return { code, orders: [], nextPath: '/profile/userInfo' };
  }
  await checkInvitationGuess(
    db,
    { conferenceId: input.conference.id, code: input.fees?.invitationCode, guesser: { ip: input.ip ?? null, userId: input.userId } },
    input.now,
  );
  const chooser = {
    today: todayIn(state.timeZone, input.now),
    locale,
    country: typeof answers.country === 'string' ? answers.country : null,
    invitationCode: input.fees?.invitationCode,
  };
  const result = await withRegistrationConflicts(() =>
    db.transaction(async (tx) => {
      const registration = await insertRegistration(tx, input.conference.id, input.userId, answers, locale);
      const moved = await attachUploads(tx, {
        conferenceId: input.conference.id,
        userId: input.userId,
        registrationId: registration.id,
        files: prepared.files,
      });
      const orders = await placeFeeChoice(tx, {
        conferenceId: input.conference.id,
        userId: input.userId,
        registrationId: registration.id,
        choice: input.fees ?? ZFeeChoice.parse({}),
        chooser,
        charged,
        actorUserId: input.userId,
      });
      await enqueueRendered(tx, input.conference.id, withCode(mailFor(orders), registration.code));
      return { code: registration.code, orders, moved };
    }),
  );
  // After the commit: the files leave the temporary area (downloads find them in either place meanwhile).
  await publishUploads(input.conference.id, result.moved);
  const nextPath =
    result.orders.length > 0 && state.ruleType === 'REGISTER_FIRST_AND_PAY_LATER' ? '/profile/conference/fee' : '/profile/userInfo';
  return { code: result.code, orders: result.orders, nextPath };
}

/**
 * Takes a place under the cap and writes the registration with its number under the rule version
 * in use (one statement; inside a transaction when more must be written with it).
 */
export async function insertRegistration(
  tx: Executor,
  conferenceId: number,
  userId: string,
  answers: Answers,
  locale: Locale,
  mail?: RegistrationMail,
): Promise<{ id: number; code: string }> {
  const placed = await placeRegistration(tx, { conferenceId, userId, answers, locale, mail });
  if (!placed) throw new AppError('REGISTRATION_FULL');
  return placed;
}

/** Two clicks at once: the unique (conference, user) key lets one through; the other's place is rolled back. */
export async function withRegistrationConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('ALREADY_REGISTERED');
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
