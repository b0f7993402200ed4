import path from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { certificate, certificateSettings, checkin, checkinList, conference, conferenceRegistration, user } from '@/db/schema';
import { badgePeople } from '@/lib/badges/badge-people';
import { siteOrigin } from '@/lib/conferences/site-origin';
import { AppError } from '@/lib/http/app-error';
import type { SizeLimit } from '@/lib/http/upload';
import { isLocale, localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { enqueueMail } from '@/lib/mail/outbox';
import { createPdfWorkerPool } from '@/lib/payments/receipt-worker-pool';
import { receiveAndPublish } from '@/lib/storage/intake';
import { storageKey } from '@/lib/storage/keys';
import { readStored } from '@/lib/storage/storage';
import { canonicalCode, displayCode, newCertificateCode } from './codes';
import { attendanceEligibility, conferenceEndsAt, type AttendanceRefusal } from './eligibility';
import {
  CERTIFICATE_IMAGE_MAX_BYTES,
  CERTIFICATE_IMAGE_TYPES,
  fillCertificateText,
  type CertificateImageKind,
  type CertificatePlaceholder,
  type CertificateSettingsValues,
} from './settings-schema';

export type CertificateSettings = CertificateSettingsValues & { signatureFile: string; sealFile: string };

/** A conference's certificate settings; null until the organiser saved a text. */
export async function certificateSettingsOf(db: Executor, conferenceId: number): Promise<CertificateSettings | null> {
  const [row] = await db.select().from(certificateSettings).where(eq(certificateSettings.conferenceId, conferenceId));
  if (!row) return null;
  return { title: row.title, body: row.body, signatory: row.signatory, signatureFile: row.signatureFile, sealFile: row.sealFile };
}

/** Saves the texts (the images are kept). */
export async function saveCertificateSettings(db: Executor, conferenceId: number, values: CertificateSettingsValues, userId: string) {
  await db
    .insert(certificateSettings)
    .values({ conferenceId, ...values, updatedBy: userId })
    .onConflictDoUpdate({ target: certificateSettings.conferenceId, set: { ...values, updatedBy: userId, updatedAt: new Date() } });
  return values;
}

export const CERTIFICATE_IMAGE_LIMIT: SizeLimit = { bytes: CERTIFICATE_IMAGE_MAX_BYTES, code: 'CERTIFICATE_IMAGE_TOO_LARGE' };
const column = { signature: 'signatureFile', seal: 'sealFile' } as const;

/**
 * The signature or the seal, through the one upload intake: png or jpg (the content must agree), at most 2 MB,
 * counted against the organiser's daily upload rule, and kept in the conference's private `files` area (a seal is
 * not a public image: only the certificates show it).
 */
export async function uploadCertificateImage(
  db: DB,
  by: { conferenceId: number; userId: string },
  kind: CertificateImageKind,
  fileName: string,
  data: Uint8Array,
): Promise<{ name: string }> {
  const rule = {
    field: 'certificateImage',
    types: CERTIFICATE_IMAGE_TYPES,
    maxBytes: CERTIFICATE_IMAGE_LIMIT.bytes,
    tooLarge: CERTIFICATE_IMAGE_LIMIT.code,
  };
  const { name } = await receiveAndPublish(db, { ...by, rule, fileName, data }, 'files');
  await db
    .insert(certificateSettings)
    .values({ conferenceId: by.conferenceId, [column[kind]]: name, updatedBy: by.userId })
    .onConflictDoUpdate({
      target: certificateSettings.conferenceId,
      set: { [column[kind]]: name, updatedBy: by.userId, updatedAt: new Date() },
    });
  return { name };
}

/** Takes the signature or the seal off the certificates. */
export async function removeCertificateImage(db: Executor, conferenceId: number, kind: CertificateImageKind) {
  await db
    .update(certificateSettings)
    .set({ [column[kind]]: '', updatedAt: new Date() })
    .where(eq(certificateSettings.conferenceId, conferenceId));
  return { kind };
}

/** The stored image's bytes (null when none is set or the file is gone). */
export async function certificateImageBytes(conferenceId: number, name: string): Promise<Uint8Array | null> {
  if (!name) return null;
  return readStored(storageKey(conferenceId, 'files', name));
}

/**
 * The registration's certificate, issued on first need: one row per registration with a fresh verification code
 * (a code already taken, one chance in 2^80, is drawn again). Concurrent calls find the same row.
 */
export async function issueCertificate(db: Executor, { conferenceId, registrationId }: { conferenceId: number; registrationId: number }) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await db.insert(certificate).values({ conferenceId, registrationId, code: newCertificateCode() }).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(certificate)
      .where(and(eq(certificate.conferenceId, conferenceId), eq(certificate.registrationId, registrationId)));
    if (row) return row;
  }
  throw new Error('no certificate code could be drawn');
}

/** What the public verification page may say of a genuine certificate: the name and the conference, nothing more. */
export type VerifiedCertificate = { name: string; latinName: string; conference: LocalizedText };

/** Looks a typed code up among this conference's certificates; null when it is not one (unknown, altered, malformed). */
export async function verifyCertificate(db: Executor, conferenceId: number, typed: string): Promise<VerifiedCertificate | null> {
  const code = canonicalCode(typed);
  if (!code) return null;
  const [row] = await db
    .select({ registrationId: certificate.registrationId, title: conference.title, status: conferenceRegistration.status })
    .from(certificate)
    .innerJoin(conference, eq(conference.id, certificate.conferenceId))
    .innerJoin(conferenceRegistration, eq(conferenceRegistration.id, certificate.registrationId))
    .where(and(eq(certificate.conferenceId, conferenceId), eq(certificate.code, code)));
  if (!row || row.status === 'cancelled') return null;
  const [person] = await badgePeople(db, { conferenceId, timeZone: 'UTC', selection: { registrationId: row.registrationId }, limit: 1 });
  if (!person) return null;
  return { name: person.name, latinName: person.latinName, conference: row.title };
}

/** The refusal of a download, as an error the caller reads in their language. */
const REFUSAL_ERRORS: Record<AttendanceRefusal, 'CERTIFICATE_NOT_REGISTERED' | 'CERTIFICATE_NOT_ENDED' | 'CERTIFICATE_NOT_CHECKED_IN'> = {
  'not-registered': 'CERTIFICATE_NOT_REGISTERED',
  cancelled: 'CERTIFICATE_NOT_REGISTERED',
  'not-ended': 'CERTIFICATE_NOT_ENDED',
  'not-checked-in': 'CERTIFICATE_NOT_CHECKED_IN',
};

/** What the certificate worker (lib/certificates/certificate-worker.mjs) draws: both languages, every text final. */
export type CertificateJob = {
  createdAt: string;
  docTitle: string;
  zh: { title: string; body: string; signatory: string };
  en: { title: string; body: string; signatory: string };
  signature: Uint8Array | null;
  seal: Uint8Array | null;
  codeLabel: string;
  code: string;
  verifyLabel: string;
  verifyUrl: string;
};

export function certificateWorkerScript(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), 'lib', 'certificates', 'certificate-worker.mjs');
}
type CertificatePool = ReturnType<typeof createPdfWorkerPool<CertificateJob>>;
const poolKey = Symbol.for('confhub.certificateWorkerPool');
/** The process's one certificate worker pool (off the event loop, bounded queue, two at a time per account, 30 s). */
function certificatePool(): CertificatePool {
  const holder = globalThis as Record<symbol, CertificatePool | undefined>;
  return (holder[poolKey] ??= createPdfWorkerPool<CertificateJob>(certificateWorkerScript, 'certificate'));
}

/** The conference's dates as a range in one language ('' without dates): 2025年3月1日至3日, 1–3 March 2025. */
export function conferenceDates(start: string | null, end: string | null, locale: Locale): string {
  const from = start ?? end;
  const to = end ?? start;
  if (!from || !to) return '';
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = to.split('-').map(Number);
  if (locale === 'zh') {
    const first = `${y1}年${m1}月${d1}日`;
    if (from === to) return first;
    if (y1 !== y2) return `${first}至${y2}年${m2}月${d2}日`;
    return m1 === m2 ? `${first}至${d2}日` : `${first}至${m2}月${d2}日`;
  }
  const format = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return format.formatRange(new Date(Date.UTC(y1, m1 - 1, d1)), new Date(Date.UTC(y2, m2 - 1, d2))).replace(/\s*–\s*/g, '–');
}

type Person = { name: string; latinName: string; organisation: string; code: string };

/** The certificate's texts for one person: each language's text with its placeholders filled. */
export async function certificateJob(
  db: Executor,
  { conferenceId, settings, person, code }: { conferenceId: number; settings: CertificateSettings; person: Person; code: string },
): Promise<CertificateJob> {
  const [conf] = await db
    .select({ title: conference.title, city: conference.city, start: conference.startDate, end: conference.endDate })
    .from(conference)
    .where(eq(conference.id, conferenceId));
  const origin = await siteOrigin(db, conferenceId);
  const values = (locale: Locale): Record<CertificatePlaceholder, string> => ({
    name: locale === 'en' ? person.latinName || person.name : person.name,
    conference: localized(conf.title, locale),
    dates: conferenceDates(conf.start, conf.end, locale),
    organisation: person.organisation,
    city: localized(conf.city, locale),
    code: person.code,
  });
  const side = (locale: Locale) => ({
    title: fillCertificateText(settings.title[locale], values(locale)),
    body: fillCertificateText(settings.body[locale], values(locale)),
    signatory: settings.signatory[locale],
  });
  const [signature, seal] = await Promise.all([
    certificateImageBytes(conferenceId, settings.signatureFile),
    certificateImageBytes(conferenceId, settings.sealFile),
  ]);
  const zh = serverTranslator('zh', 'onsiteDocs');
  const en = serverTranslator('en', 'onsiteDocs');
  return {
    createdAt: new Date().toISOString(),
    docTitle: `${settings.title.zh} ${settings.title.en}`,
    zh: side('zh'),
    en: side('en'),
    signature,
    seal,
    codeLabel: `${zh('certificateCodeLabel')} ${en('certificateCodeLabel')}`,
    code: displayCode(code),
    verifyLabel: `${zh('certificateVerifyAt')} ${en('certificateVerifyAt')}`,
    verifyUrl: `${origin}/certificate/verify/${code}`,
  };
}

/** A registration's certificate PDF (issuing it on first download), drawn in the certificate worker. */
export async function certificatePdfFor(
  db: Executor,
  { conferenceId, registrationId, account, now }: { conferenceId: number; registrationId: number; account: string; now?: Date },
) {
  const settings = await certificateSettingsOf(db, conferenceId);
  if (!settings) throw new AppError('CERTIFICATE_NOT_SET');
  const eligible = await attendanceEligibility(db, { conferenceId, registrationId, now });
  if (!eligible.ok) throw new AppError(REFUSAL_ERRORS[eligible.reason]);
  const row = await issueCertificate(db, { conferenceId, registrationId });
  const [person] = await badgePeople(db, { conferenceId, timeZone: 'UTC', selection: { registrationId }, limit: 1 });
  if (!person) throw new AppError('CERTIFICATE_NOT_REGISTERED');
  const job = await certificateJob(db, { conferenceId, settings, person, code: row.code });
  const pdf = await certificatePool().render(job, account);
  return { pdf, fileName: `certificate-${person.code}.pdf`, code: row.code };
}

/** The registration of an account at this conference, if any. */
async function registrationOf(db: Executor, conferenceId: number, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: conferenceRegistration.id })
    .from(conferenceRegistration)
    .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.userId, userId)));
  return row?.id ?? null;
}

/** The caller's own certificate as a PDF; refused with the reason when they have none (yet). */
export async function myCertificatePdf(db: Executor, { conferenceId, userId, now }: { conferenceId: number; userId: string; now?: Date }) {
  const registrationId = await registrationOf(db, conferenceId, userId);
  if (!registrationId) throw new AppError('CERTIFICATE_NOT_REGISTERED');
  return certificatePdfFor(db, { conferenceId, registrationId, account: userId, now });
}

/** Whether the account's certificate can be downloaded now (the profile shows the button then), without issuing it. */
export async function myCertificateReady(
  db: Executor,
  { conferenceId, userId, now }: { conferenceId: number; userId: string; now?: Date },
) {
  const registrationId = await registrationOf(db, conferenceId, userId);
  if (!registrationId) return false;
  const [settings, eligible] = await Promise.all([
    certificateSettingsOf(db, conferenceId),
    attendanceEligibility(db, { conferenceId, registrationId, now }),
  ]);
  return settings !== null && eligible.ok;
}

/** Where a participant downloads their certificate (after signing in): their profile, in their language. */
function profileLink(origin: string, locale: Locale): string {
  return `${origin}${locale === 'en' ? '/en' : ''}/profile/userInfo`;
}

/**
 * Mails one registration its certificate, once: the certificate is issued, then claimed for mailing by the
 * conditional update `mailed_at = now() … where mailed_at is null`, and only the transaction whose update took the
 * row queues the mail (in the registrant's language, with a link to download and the verification code). Two bulk
 * issues at once, or one run twice, mail each person once. True when this call queued the mail.
 */
export async function mailCertificateOnce(
  db: Executor,
  { conferenceId, registrationId, now = new Date() }: { conferenceId: number; registrationId: number; now?: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await issueCertificate(tx, { conferenceId, registrationId });
    const claimed = await tx
      .update(certificate)
      .set({ mailedAt: now })
      .where(and(eq(certificate.id, row.id), isNull(certificate.mailedAt)))
      .returning({ id: certificate.id });
    if (!claimed.length) return false;
    const [who] = await tx
      .select({ email: user.email, locale: conferenceRegistration.locale, title: conference.title })
      .from(conferenceRegistration)
      .innerJoin(user, eq(user.id, conferenceRegistration.userId))
      .innerJoin(conference, eq(conference.id, conferenceRegistration.conferenceId))
      .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.id, registrationId)));
    const [person] = await badgePeople(tx, { conferenceId, timeZone: 'UTC', selection: { registrationId }, limit: 1 });
    const locale: Locale = isLocale(who.locale) ? who.locale : 'zh';
    const origin = await siteOrigin(tx, conferenceId);
    await enqueueMail(tx, {
      conferenceId,
      to: who.email,
      template: 'certificateIssued',
      locale,
      vars: {
        conference: localized(who.title, locale),
        name: locale === 'en' ? person?.latinName || person?.name || '' : (person?.name ?? ''),
        link: profileLink(origin, locale),
        code: displayCode(row.code),
        verify: `${origin}/certificate/verify/${row.code}`,
      },
    });
    return true;
  });
}

/** Registrations with a standing check-in at the door: the candidates of the bulk issue (each then asked the rule). */
async function checkedInAtDoor(db: Executor, conferenceId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: checkin.registrationId })
    .from(checkin)
    .innerJoin(checkinList, and(eq(checkinList.id, checkin.listId), eq(checkinList.conferenceId, conferenceId)))
    .where(and(eq(checkin.conferenceId, conferenceId), eq(checkinList.kind, 'door'), isNull(checkin.undoneAt)))
    .orderBy(asc(checkin.registrationId));
  return rows.map((r) => r.id);
}

/**
 * The organiser's bulk issue: every registration eligible now (attendanceEligibility) gets its certificate and one
 * mail; those mailed before are counted, not mailed again. CERTIFICATE_NOT_SET without a text, CERTIFICATE_NOT_ENDED
 * before the conference is over.
 */
export async function mailCertificates(db: Executor, { conferenceId, now = new Date() }: { conferenceId: number; now?: Date }) {
  if (!(await certificateSettingsOf(db, conferenceId))) throw new AppError('CERTIFICATE_NOT_SET');
  const [conf] = await db
    .select({ endDate: conference.endDate, timeZone: conference.timeZone })
    .from(conference)
    .where(eq(conference.id, conferenceId));
  const ends = conf ? conferenceEndsAt(conf.endDate, conf.timeZone) : null;
  if (!ends || now < ends) throw new AppError('CERTIFICATE_NOT_ENDED');
  let queued = 0;
  let already = 0;
  let refused = 0;
  for (const registrationId of await checkedInAtDoor(db, conferenceId)) {
    const eligible = await attendanceEligibility(db, { conferenceId, registrationId, now });
    if (!eligible.ok) {
      refused++;
      continue;
    }
    if (await mailCertificateOnce(db, { conferenceId, registrationId, now })) queued++;
    else already++;
  }
  return { queued, already, refused };
}

/** How many certificates were issued and mailed (the organiser's page). */
export async function certificateCounts(db: Executor, conferenceId: number) {
  const [row] = await db
    .select({
      issued: sql<number>`count(*)`.mapWith(Number),
      mailed: sql<number>`count(${certificate.mailedAt})`.mapWith(Number),
    })
    .from(certificate)
    .where(eq(certificate.conferenceId, conferenceId));
  return { issued: row?.issued ?? 0, mailed: row?.mailed ?? 0, checkedIn: (await checkedInAtDoor(db, conferenceId)).length };
}

/** The organiser's sample: the saved text and images for a sample person, with a sample code that verifies nothing. */
export async function certificatePreviewPdf(
  db: Executor,
  { conferenceId, account, locale }: { conferenceId: number; account: string; locale: Locale },
) {
  const settings = await certificateSettingsOf(db, conferenceId);
  if (!settings) throw new AppError('CERTIFICATE_NOT_SET');
  const t = serverTranslator(locale, 'onsiteDocs');
  const person = { name: '欧阳明远', latinName: 'Ouyang Mingyuan', organisation: t('previewOrganisation'), code: 'DEMO-0001' };
  const job = await certificateJob(db, { conferenceId, settings, person, code: '0000000000000000' });
  return certificatePool().render(job, account);
}
