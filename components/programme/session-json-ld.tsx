import { headers } from 'next/headers';
import type { ProgrammeSnapshot, ProgrammeSnapshotSession } from '@/db/schema';
import { localized, type Locale } from '@/lib/i18n/localized';

/** `</` can never close the script early: JSON keeps its meaning with `<` escaped. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * schema.org Event data for each session shown (one script, a list of events), with the request's nonce: the page
 * policy runs no other inline script. Each event names its room as its place and its contributions as sub-events.
 */
export async function SessionJsonLd({
  snapshot,
  sessions,
  locale,
  origin,
  conferenceName,
  path,
}: {
  snapshot: ProgrammeSnapshot;
  sessions: ProgrammeSnapshotSession[];
  locale: Locale;
  origin: string;
  conferenceName: string;
  path: (code: string) => string;
}) {
  if (!sessions.length) return null;
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  const events = sessions.map((s) => {
    const room = snapshot.rooms.find((r) => r.id === s.roomId);
    return {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: localized(s.title, locale),
      startDate: s.startsAt,
      endDate: s.endsAt,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: room ? `${localized(room.name, locale)} · ${conferenceName}` : conferenceName },
      superEvent: { '@type': 'Event', name: conferenceName },
      subEvent: s.contributions.map((c) => ({
        '@type': 'Event',
        name: localized(c.title, locale),
        startDate: c.startsAt,
        endDate: c.endsAt,
        url: `${origin}${path(c.code)}`,
        performer: c.authors.filter((a) => a.presenter).map((a) => ({ '@type': 'Person', name: a.name })),
      })),
    };
  });
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      data-testid="programme-json-ld"
      dangerouslySetInnerHTML={{ __html: safeJson(events) }}
    />
  );
}
