/**
 * A conference's status (spec §4), as stored in `conference.status`: '1' not published, '2' awaiting
 * the platform's review, '3' closed, '4' published. No imports: client components use it too.
 */
export const CONFERENCE_STATUS = { draft: '1', pending: '2', closed: '3', published: '4' } as const;
export type ConferenceStatus = (typeof CONFERENCE_STATUS)[keyof typeof CONFERENCE_STATUS];

/** The published status: the website is public. */
export const PUBLISHED = CONFERENCE_STATUS.published;

const STATUSES: readonly string[] = Object.values(CONFERENCE_STATUS);

/** The status as a known one (an unknown value reads as not published). */
export function conferenceStatus(value: string): ConferenceStatus {
  return STATUSES.includes(value) ? (value as ConferenceStatus) : CONFERENCE_STATUS.draft;
}
