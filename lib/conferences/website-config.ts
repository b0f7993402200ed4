import { eq } from 'drizzle-orm';
import { cache } from 'react';
import type { Executor } from '@/db/client';
import { conferenceDomain, registrationConfig } from '@/db/schema';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { PUBLISHED } from './status';

export const DEFAULT_REGISTER_CAP = 1000;

/** Registrant cap: registerNum when registerFlag is on, else the default 1000 (spec §8, §9). */
export function registrantCap(conference: Pick<Conference, 'registerFlag' | 'registerNum'>): number {
  return conference.registerFlag ? conference.registerNum : DEFAULT_REGISTER_CAP;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Today's date in the conference's time zone, as YYYY-MM-DD (registration dates compare this way).
 * The formatter is made once per zone: making one costs more than a database round trip.
 */
export function todayIn(timeZone: string, now = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

export type RegistrationWindow = { startDate: string | null; endDate: string | null; moduleEnabled: boolean; open: boolean };

/**
 * The registration dates, read once per server render (the page and the site footer both ask);
 * outside a render (handlers, tests) every call reads.
 */
const registrationDates = cache(async (db: Executor, conferenceId: number) => {
  const [config] = await db
    .select({ startDate: registrationConfig.startDate, endDate: registrationConfig.endDate })
    .from(registrationConfig)
    .where(eq(registrationConfig.conferenceId, conferenceId))
    .limit(1);
  return { startDate: config?.startDate ?? null, endDate: config?.endDate ?? null };
});

/** Open only when the register module is on and today is within [start, end] (spec §4). */
export async function registrationWindow(db: Executor, conference: Conference, now = new Date()): Promise<RegistrationWindow> {
  const { startDate, endDate } = await registrationDates(db, conference.id);
  const open = conference.registerModuleEnabled && isWindowOpen({ startDate, endDate, timeZone: conference.timeZone }, now);
  return { startDate, endDate, moduleEnabled: conference.registerModuleEnabled, open };
}

/** Whole days from today (in the conference's time zone) to the registration deadline while registration is open, else null. */
export function registrationDaysLeft(window: RegistrationWindow, timeZone: string, now = new Date()): number | null {
  if (!window.open || !window.endDate) return null;
  return Math.round((Date.parse(`${window.endDate}T00:00:00Z`) - Date.parse(`${todayIn(timeZone, now)}T00:00:00Z`)) / 86_400_000);
}

/** Whether today (in the conference's time zone, as YYYY-MM-DD) lies within [start, end]. */
export function isWindowOpen(window: { startDate: string | null; endDate: string | null; timeZone: string }, now = new Date()): boolean {
  if (!window.startDate || !window.endDate) return false;
  const today = todayIn(window.timeZone, now);
  return window.startDate <= today && today <= window.endDate;
}

/** The registration notice organisers wrote, in both languages. */
export async function registrationInstructions(db: Executor, conferenceId: number) {
  const [config] = await db
    .select({ instructions: registrationConfig.instructions })
    .from(registrationConfig)
    .where(eq(registrationConfig.conferenceId, conferenceId))
    .limit(1);
  return config?.instructions ?? { zh: '', en: '' };
}

/** The public website configuration (findConferenceWebsiteConfig). */
export async function websiteConfig(db: Executor, conference: Conference) {
  const [domains, window] = await Promise.all([
    db.select({ domain: conferenceDomain.domain }).from(conferenceDomain).where(eq(conferenceDomain.conferenceId, conference.id)),
    registrationWindow(db, conference),
  ]);
  return {
    conferenceId: conference.id,
    slug: conference.slug,
    title: conference.title,
    title2: conference.title2,
    title3: conference.title3,
    shortTitle: conference.shortTitle,
    city: conference.city,
    address: conference.address,
    startDate: conference.startDate,
    endDate: conference.endDate,
    languageType: conference.languageType,
    status: conference.status,
    published: conference.status === PUBLISHED,
    recordNumber: conference.recordNumber,
    timeZone: conference.timeZone,
    domains: domains.map((d) => d.domain),
    registration: window,
  };
}

/**
 * Whether the caller may see the conference's own details (titles, contacts, SEO): anyone once it
 * is published, before that only its administrators. Others get the platform's name.
 */
export function conferenceVisibleTo(ctx: {
  conference: { status: string } | null;
  roles: { manager: boolean; platformAdmin: boolean };
}): boolean {
  return !!ctx.conference && (ctx.conference.status === PUBLISHED || ctx.roles.manager || ctx.roles.platformAdmin);
}
