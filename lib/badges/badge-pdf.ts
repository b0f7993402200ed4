import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { badgeSettings, conference as conferenceTable } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { createPdfWorkerPool } from '@/lib/payments/receipt-worker-pool';
import { countryName } from '@/lib/registration/countries';
import type { BadgePlan, BadgeText } from './badge-layout.mjs';
import { badgePeople, type BadgePerson, type BadgeSelection } from './badge-people';
import { DEFAULT_BADGE_SETTINGS, ZBadgeSettings, type BadgeSettings } from './settings-schema';

/** What the badge worker (lib/badges/badge-worker.mjs) draws: the layout settings and every badge's final texts. */
export type BadgeJob = {
  lang: Locale;
  /** ISO time, the PDF's CreationDate. */
  createdAt: string;
  title: string;
  settings: Pick<BadgeSettings, 'size' | 'perSheet' | 'cutMarks' | 'show'>;
  badges: BadgeText[];
};

/** The most badges one PDF holds (a sheet per one or two): beyond it the organiser prints by filter. */
export const BADGES_PER_PDF = 1500;

/** Found from the working directory, like the tickets' worker (next.config.mjs traces it for deployments). */
export function badgeWorkerScript(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), 'lib', 'badges', 'badge-worker.mjs');
}

type BadgePool = ReturnType<typeof createPdfWorkerPool<BadgeJob>>;
const poolKey = Symbol.for('confhub.badgeWorkerPool');

/**
 * The process's one badge worker pool: off the event loop, a bounded queue, one sheet at a time per organiser, a
 * larger heap and a longer time than a receipt (a sheet for 1,500 people takes some seconds).
 */
function badgeWorkerPool(): BadgePool {
  const holder = globalThis as Record<symbol, BadgePool | undefined>;
  return (holder[poolKey] ??= createPdfWorkerPool<BadgeJob>(badgeWorkerScript, 'badge', {
    timeoutMs: 120_000,
    heapMb: 512,
    perAccount: 2,
    maxWaiting: 8,
  }));
}

/** A conference's badge settings (the defaults until saved). */
export async function badgeSettingsOf(db: Executor, conferenceId: number): Promise<BadgeSettings> {
  const [row] = await db
    .select({ settings: badgeSettings.settings })
    .from(badgeSettings)
    .where(eq(badgeSettings.conferenceId, conferenceId));
  // Stored settings are read through the schema, so settings saved before a new option came get its default.
  return row ? ZBadgeSettings.parse(row.settings) : DEFAULT_BADGE_SETTINGS;
}

/** Saves a conference's badge settings (one row, replaced). */
export async function saveBadgeSettings(
  db: Executor,
  conferenceId: number,
  settings: BadgeSettings,
  userId: string,
): Promise<BadgeSettings> {
  await db
    .insert(badgeSettings)
    .values({ conferenceId, settings, updatedBy: userId })
    .onConflictDoUpdate({ target: badgeSettings.conferenceId, set: { settings, updatedBy: userId, updatedAt: new Date() } });
  return settings;
}

/** A label in the settings' language(s): one, or Chinese then English. */
function inLabels(labels: BadgeSettings['labels'], text: (locale: Locale) => string): string {
  if (labels !== 'both') return text(labels);
  const [zh, en] = [text('zh'), text('en')];
  return zh === en ? zh : `${zh} ${en}`;
}

/** One person's badge with every text final. */
export function badgeText(person: BadgePerson, settings: BadgeSettings, conferenceTitle: LocalizedText): BadgeText {
  const t = (locale: Locale) => serverTranslator(locale, 'onsiteDocs');
  const colour = settings.colours.find((c) => c.feeId === person.feeId)?.colour ?? settings.defaultColour;
  return {
    conference: settings.labels === 'both' ? localized(conferenceTitle, 'zh') : localized(conferenceTitle, settings.labels),
    name: person.name,
    latinName: person.latinName,
    organisation: person.organisation,
    country: person.country ? inLabels(settings.labels, (l) => countryName(person.country, l)) : '',
    role: settings.show.role ? inLabels(settings.labels, (l) => t(l)(`role_${person.role}`)) : '',
    codeLabel: settings.labels === 'en' ? t('en')('badgeCodeLabel') : t('zh')('badgeCodeLabel'),
    code: person.code,
    token: person.token ?? '',
    colour,
  };
}

/** The person the preview shows: a Chinese name with its Latin form, a long organisation, a speaker. */
export function previewPerson(locale: Locale): BadgePerson {
  const t = serverTranslator(locale, 'onsiteDocs');
  return {
    registrationId: 0,
    code: 'DEMO-0001',
    name: '欧阳明远',
    latinName: 'Ouyang Mingyuan',
    organisation: t('previewOrganisation'),
    country: 'CN',
    role: 'speaker',
    feeId: null,
    feeTitle: null,
    token: 'preview-not-a-ticket',
  };
}

async function conferenceTitle(db: Executor, conferenceId: number): Promise<LocalizedText> {
  const [row] = await db.select({ title: conferenceTable.title }).from(conferenceTable).where(eq(conferenceTable.id, conferenceId));
  return row?.title ?? { zh: '', en: '' };
}

function job(settings: BadgeSettings, badges: BadgeText[], locale: Locale, title: string): BadgeJob {
  const { size, perSheet, cutMarks, show } = settings;
  return { lang: locale, createdAt: new Date().toISOString(), title, settings: { size, perSheet, cutMarks, show }, badges };
}

/**
 * The badges of a selection (one registration, or the registrant list's filters) as one PDF, drawn in the badge
 * worker; BADGES_NONE when nobody matches, BADGES_TOO_MANY past BADGES_PER_PDF.
 */
export async function badgesPdf(
  db: Executor,
  input: { conferenceId: number; timeZone: string; selection: BadgeSelection; locale: Locale; account: string },
): Promise<{ pdf: Uint8Array; count: number }> {
  const [settings, title, people] = await Promise.all([
    badgeSettingsOf(db, input.conferenceId),
    conferenceTitle(db, input.conferenceId),
    badgePeople(db, { conferenceId: input.conferenceId, timeZone: input.timeZone, selection: input.selection, limit: BADGES_PER_PDF + 1 }),
  ]);
  if (!people.length) throw new AppError('BADGES_NONE');
  if (people.length > BADGES_PER_PDF) throw new AppError('BADGES_TOO_MANY', { max: BADGES_PER_PDF });
  const t = serverTranslator(input.locale, 'onsiteDocs');
  const badges = people.map((p) => badgeText(p, settings, title));
  const pdf = await badgeWorkerPool().render(job(settings, badges, input.locale, t('badgesTitle')), input.account);
  return { pdf, count: people.length };
}

/** The preview: one badge of the sample person with these settings, its PDF and its plan (drawn as an image). */
export async function badgePreview(
  db: Executor,
  input: { conferenceId: number; settings: BadgeSettings; locale: Locale; account: string },
): Promise<{ pdf: Uint8Array; plan: BadgePlan }> {
  const title = await conferenceTitle(db, input.conferenceId);
  const t = serverTranslator(input.locale, 'onsiteDocs');
  const badge = badgeText(previewPerson(input.locale), input.settings, title);
  const { pdf, extra } = await badgeWorkerPool().run(job(input.settings, [badge], input.locale, t('badgesTitle')), input.account);
  return { pdf, plan: extra.plan as BadgePlan };
}
