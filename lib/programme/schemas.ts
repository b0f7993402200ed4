import { z } from 'zod';
import type { ProgrammeSessionType } from '@/db/schema/programme';
import { EMPTY_LOCALIZED, zLocalized } from '@/lib/validation/localized';
import { MAX_ID, ZId, ZIsoDate } from '@/lib/validation/primitives';

/**
 * The programme draft's inputs (issue 23: `/platform/programme`), shared by the editor's forms (zodResolver) and the
 * handlers under /api/conference/manage/programme. Messages are keys under `validation`. Times of day are the
 * conference's wall clock ("HH:MM"); the services turn them into instants in its time zone.
 */

export const PROGRAMME_NAME_MAX = 200;
export const PROGRAMME_TEXT_MAX = 20_000;
export const PROGRAMME_PEOPLE_MAX = 30;
export const PROGRAMME_CAPACITY_MAX = 100_000;
/** Contributions added at once (from accepted submissions). */
export const PROGRAMME_BATCH_MAX = 1000;
export const PROGRAMME_CODE_MAX = 40;
export const PROGRAMME_HAND_KINDS = ['keynote', 'invited', 'panel', 'other'] as const;
/** The session types of db/schema/programme.ts (its check constraint), here for the browser's forms. */
export const SESSION_TYPES = [
  'plenary',
  'parallel',
  'poster',
  'workshop',
  'break',
  'social',
] as const satisfies readonly ProgrammeSessionType[];
// Every type of the schema is offered (a type added there and not here fails the typecheck).
const everyType: (typeof SESSION_TYPES)[number] = '' as ProgrammeSessionType;
void everyType;

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** Minutes a session or contribution lasts: 1 to 1440 (a day). */
export const ZDuration = whole(1, 1440, 'programmeDurationInvalid');
/** A time of day on the conference's clock, "HH:MM". */
export const ZTimeOfDay = z.string('programmeTimeInvalid').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'programmeTimeInvalid');
/** Pages of the programme's own under `/programme/`: no contribution may take their address. */
export const RESERVED_PROGRAMME_CODES = ['print'] as const;
/** A programme code: letters, digits, '-' and '_' (it is part of `/programme/<code>`), never a reserved page's name. */
export const ZProgrammeCode = z
  .string('contributeChoiceValueInvalid')
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'contributeChoiceValueInvalid')
  .refine((code) => !(RESERVED_PROGRAMME_CODES as readonly string[]).includes(code.toLowerCase()), 'programmeCodeReserved');

const name = zLocalized({ max: PROGRAMME_NAME_MAX, required: true, messages: { required: 'labelRequired' } });
const optionalName = zLocalized({ max: PROGRAMME_NAME_MAX }).default(EMPTY_LOCALIZED);
const longText = zLocalized({ max: PROGRAMME_TEXT_MAX }).default(EMPTY_LOCALIZED);

/** A person typed by the organiser: a chair, a keynote speaker, a panellist. */
export const ZProgrammePerson = z.object({
  name,
  affiliation: optionalName,
  email: z.union([z.literal(''), z.email('emailInvalid').max(200, 'tooLong')]).default(''),
});
export type ProgrammePersonInput = z.input<typeof ZProgrammePerson>;
const people = (min: number) => z.array(ZProgrammePerson).min(min, 'fieldRequired').max(PROGRAMME_PEOPLE_MAX, 'tooLong');

export const ZRoomInput = z.object({
  name,
  capacity: z.union([z.literal('').transform(() => null), z.null(), whole(0, PROGRAMME_CAPACITY_MAX, 'numberInvalid')]).default(null),
});
export type RoomInput = z.input<typeof ZRoomInput>;

/** Every room of the conference, in its new column order. */
export const ZRoomOrder = z.object({ ids: z.array(ZId).min(1, 'fieldRequired').max(500, 'tooLong') });

export const ZDayInput = z.object({ day: ZIsoDate, title: optionalName });
export type DayInput = z.input<typeof ZDayInput>;

export const ZSessionInput = z.object({
  title: name,
  description: longText,
  type: z.enum(SESSION_TYPES, { error: 'invalidChoice' }),
  durationMinutes: ZDuration,
  chairs: people(0).default([]),
  themeId: z.union([z.literal('').transform(() => null), z.null(), ZId]).default(null),
});
export type SessionInput = z.input<typeof ZSessionInput>;

/** Where a session runs: a day of the programme, a room (null: all rooms) and its start. */
export const ZPlaceSession = z.object({
  dayId: ZId,
  roomId: z.union([z.literal('').transform(() => null), z.null(), ZId]),
  start: ZTimeOfDay,
});
export type PlaceSessionInput = z.input<typeof ZPlaceSession>;

export const ZHandContribution = z.object({
  kind: z.enum(PROGRAMME_HAND_KINDS, { error: 'invalidChoice' }),
  title: name,
  abstract: longText,
  speakers: people(1),
  durationMinutes: ZDuration.default(15),
});
export type HandContributionInput = z.input<typeof ZHandContribution>;

/**
 * A hand-added contribution's text, changed afterwards: kind, title, abstract and speakers. Its length is one of its
 * settings (ZContributionSettings), so a `durationMinutes` sent here is ignored (stripped).
 */
export const ZHandContributionText = ZHandContribution.omit({ durationMinutes: true });
export type HandContributionTextInput = z.input<typeof ZHandContributionText>;

export const ZAddSubmissions = z.object({
  submissionIds: z.array(ZId).min(1, 'fieldRequired').max(PROGRAMME_BATCH_MAX, 'tooLong'),
});

/** A contribution's own settings; `start` '' lets it follow the one before (a time pins it). */
export const ZContributionSettings = z.object({
  durationMinutes: ZDuration,
  start: z.union([z.literal(''), ZTimeOfDay]).default(''),
  boardNumber: z.string().trim().max(20, 'tooLong').default(''),
  code: ZProgrammeCode,
});
export type ContributionSettingsInput = z.input<typeof ZContributionSettings>;

/** Into a session (null: back among the unplaced) at a 0-based position (past the end: last). */
export const ZMoveContribution = z.object({
  sessionId: z.union([z.literal('').transform(() => null), z.null(), ZId]),
  position: whole(0, MAX_ID, 'numberInvalid').default(MAX_ID),
});
export type MoveContributionInput = z.input<typeof ZMoveContribution>;

export const ZFillFromTheme = z.object({ themeId: ZId });

export const ZProgrammeSettings = z.object({ showSlides: z.boolean('invalidChoice') });
