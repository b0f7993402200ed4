import { and, asc, eq } from 'drizzle-orm';
import type { DB } from './client';
import { badgeSettings, certificateSettings, registrationFee } from './schema';
import { DEFAULT_BADGE_SETTINGS, type BadgeSettings } from '@/lib/badges/settings-schema';

/** The demo's badge band colours, by the order of its registration fees (delegate, student, supported). */
const FEE_COLOURS = ['#1864ab', '#2b8a3e', '#e8590c'];

/**
 * The demo conference's badges and certificates (issue 24 points 2 and 5), once: an A6 layout two per sheet with
 * cutting marks and a colour per registration fee, and a bilingual certificate text with its placeholders, so a
 * newcomer finds both screens filled in. Kept as they are when the demo was seeded before.
 */
export async function seedDemoOnsiteDocs(db: DB, conferenceId: number, managerId: string): Promise<void> {
  const fees = await db
    .select({ id: registrationFee.id })
    .from(registrationFee)
    .where(and(eq(registrationFee.conferenceId, conferenceId), eq(registrationFee.kind, 'register')))
    .orderBy(asc(registrationFee.sortOrder), asc(registrationFee.id));
  const settings: BadgeSettings = {
    ...DEFAULT_BADGE_SETTINGS,
    size: 'A6',
    perSheet: 2,
    cutMarks: true,
    labels: 'both',
    colours: fees.slice(0, FEE_COLOURS.length).map((fee, i) => ({ feeId: fee.id, colour: FEE_COLOURS[i] })),
  };
  await db.insert(badgeSettings).values({ conferenceId, settings, updatedBy: managerId }).onConflictDoNothing();
  await db
    .insert(certificateSettings)
    .values({
      conferenceId,
      title: { zh: '参会证明', en: 'Certificate of Attendance' },
      body: {
        zh: '兹证明 {organisation} 的 {name}（注册号 {code}）于 {dates} 在{city}参加了 {conference}。\n特此证明。',
        en: 'This is to certify that {name} of {organisation} (registration no. {code}) attended {conference}, held in {city} on {dates}.',
      },
      signatory: { zh: '大会组织委员会', en: 'The Organising Committee' },
      updatedBy: managerId,
    })
    .onConflictDoNothing();
}
