'use client';

import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { dayAndTimeOf, timeOfMinutes } from '@/lib/programme/clock';
import type { DraftSession } from '@/lib/programme/queries';
import { ConflictMark } from './conflict-list';
import { useDraft } from './draft-context';
import { sessionDragId, slotId } from './dnd';
import classes from './programme-editor.module.css';
import { gridLanes, type Lane } from './lanes';

const STEP = 15;
const ROW_PX = 16;

/** The minutes of the day a placed session starts and ends, on the conference's clock. */
export function sessionMinutes(session: DraftSession, timeZone: string): { from: number; to: number } {
  const from = dayAndTimeOf(session.startsAt!, timeZone).minutes;
  return { from, to: from + session.durationMinutes };
}

function Slot({ roomId, minutes, column, row }: { roomId: number | null; minutes: number; column: number; row: number }) {
  const { setNodeRef, isOver } = useDroppable({ id: slotId(roomId, minutes), data: { accepts: 'session' } });
  return (
    <div
      ref={setNodeRef}
      className={classes.slot}
      data-over={isOver || undefined}
      data-hour={minutes % 60 === 0 || undefined}
      data-testid={`slot-${roomId ?? 'all'}-${timeOfMinutes(minutes).replace(':', '')}`}
      style={{ gridColumn: column, gridRow: row }}
    />
  );
}

function GridSession({
  session,
  column,
  row,
  span,
  lane,
  onOpen,
  onPlace,
}: {
  session: DraftSession;
  column: string;
  row: number;
  span: number;
  /** Its lane among sessions overlapping it in the same room (lanes.ts). */
  lane: Lane;
  onOpen: () => void;
  onPlace: () => void;
}) {
  const t = useTranslations('programmeEditor');
  const { text, timeOf, contributionsOf, conflictsOfSession } = useDraft();
  const {
    setNodeRef: dragRef,
    listeners,
    attributes,
    isDragging,
  } = useDraggable({ id: sessionDragId(session.id), data: { kind: 'session' } });
  const { setNodeRef: dropRef, isOver } = useDroppable({ id: `into:${session.id}`, data: { accepts: 'contribution' } });
  const conflicts = conflictsOfSession(session.id);
  const title = text(session.title);
  return (
    <div
      ref={dropRef}
      className={classes.gridSession}
      data-type={session.type}
      data-over={isOver || undefined}
      data-conflict={conflicts.length > 0 || undefined}
      data-dragging={isDragging || undefined}
      data-testid={`grid-session-${session.id}`}
      data-lane={lane.lanes > 1 ? `${lane.lane + 1}/${lane.lanes}` : undefined}
      style={{
        gridColumn: column,
        gridRow: `${row} / span ${span}`,
        ...(lane.lanes > 1 && { width: `${100 / lane.lanes}%`, marginLeft: `${(100 / lane.lanes) * lane.lane}%`, justifySelf: 'start' }),
      }}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        <button
          ref={dragRef}
          type="button"
          className={classes.handle}
          {...listeners}
          {...attributes}
          aria-label={t('dragSession', { title })}
          data-testid={`drag-session-${session.id}`}
        >
          ⠿
        </button>
        <UnstyledButton onClick={onOpen} className={classes.sessionTitle} data-testid={`open-session-${session.id}`}>
          <Text size="xs" fw={700} lh={1.2} lineClamp={2}>
            {title}
          </Text>
        </UnstyledButton>
        <Button
          size="compact-xs"
          variant="white"
          onClick={onPlace}
          data-testid={`place-session-${session.id}`}
          aria-label={t('moveSession', { title })}
        >
          {t('moveShort')}
        </Button>
      </Group>
      <Text size="xs" lh={1.2}>
        {timeOf(session.startsAt)}–{timeOf(session.endsAt)} · {t('contributionCount', { count: contributionsOf(session.id).length })}
      </Text>
      <ConflictMark conflicts={conflicts} testId={`session-warning-${session.id}`} />
    </div>
  );
}

/**
 * The day × room grid of a wide screen: rooms as columns, a 15-minute time axis; each cell takes a dragged session
 * (the time column: all rooms), each session card a dragged contribution.
 */
export function TimetableGrid({ day, onOpen, onPlace }: { day: string; onOpen: (id: number) => void; onPlace: (id: number) => void }) {
  const t = useTranslations('programmeEditor');
  const { draft, text, dayOf } = useDraft();
  const sessions = draft.sessions.filter((s) => s.startsAt && dayOf(s.startsAt) === day);
  const spans = sessions.map((s) => sessionMinutes(s, draft.timeZone));
  const first = Math.min(8 * 60, ...spans.map((s) => Math.floor(s.from / 60) * 60));
  const last = Math.min(24 * 60, Math.max(19 * 60, ...spans.map((s) => Math.ceil(s.to / 60) * 60)));
  const rows = Array.from({ length: (last - first) / STEP }, (_, i) => first + i * STEP);
  const columnOf = new Map(draft.rooms.map((r, i) => [r.id, i + 2]));
  const columnFor = (s: DraftSession) => (s.roomId === null ? '2 / -1' : String(columnOf.get(s.roomId) ?? 2));
  const lanes = gridLanes(sessions.map((s, i) => ({ id: s.id, column: columnFor(s), from: spans[i].from, to: spans[i].to })));
  return (
    <div className={classes.gridScroll}>
      <div
        className={classes.grid}
        role="group"
        aria-label={t('gridLabel', { day })}
        data-testid="programme-grid"
        style={{
          gridTemplateColumns: `4rem repeat(${draft.rooms.length}, minmax(9rem, 1fr))`,
          gridTemplateRows: `2.5rem repeat(${rows.length}, ${ROW_PX}px)`,
        }}
      >
        <div className={classes.corner} style={{ gridColumn: 1, gridRow: 1 }}>
          <Text size="xs" c="dimmed">
            {t('timeAxis')}
          </Text>
        </div>
        {draft.rooms.map((room, i) => (
          <div key={room.id} className={classes.roomHead} style={{ gridColumn: i + 2, gridRow: 1 }} data-testid={`room-head-${room.id}`}>
            <Text size="sm" fw={600} truncate>
              {text(room.name)}
            </Text>
          </div>
        ))}
        {rows.map((minutes, i) => (
          <Slot key={`all-${minutes}`} roomId={null} minutes={minutes} column={1} row={i + 2} />
        ))}
        {rows
          .filter((m) => m % 60 === 0)
          .map((minutes) => (
            <Text
              key={`label-${minutes}`}
              size="xs"
              className={classes.hourLabel}
              style={{ gridColumn: 1, gridRow: `${(minutes - first) / STEP + 2} / span 4` }}
            >
              {timeOfMinutes(minutes)}
            </Text>
          ))}
        {draft.rooms.flatMap((room) =>
          rows.map((minutes, i) => (
            <Slot key={`${room.id}-${minutes}`} roomId={room.id} minutes={minutes} column={columnOf.get(room.id)!} row={i + 2} />
          )),
        )}
        {sessions.map((s, i) => {
          const { from } = spans[i];
          const row = Math.max(0, Math.floor((from - first) / STEP)) + 2;
          const span = Math.max(1, Math.ceil(s.durationMinutes / STEP));
          const column = columnFor(s);
          return (
            <GridSession
              key={s.id}
              session={s}
              column={column}
              row={row}
              span={span}
              lane={lanes.get(s.id) ?? { lane: 0, lanes: 1 }}
              onOpen={() => onOpen(s.id)}
              onPlace={() => onPlace(s.id)}
            />
          );
        })}
      </div>
    </div>
  );
}
