'use client';

import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Box, Stack, Tabs, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { MAX_ID } from '@/lib/validation/primitives';
import type { ProgrammeDraft } from '@/lib/programme/queries';
import { timeOfMinutes } from '@/lib/programme/clock';
import { AgendaList } from './agenda-list';
import { ConflictList } from './conflict-list';
import { ContributionSettingsForm, HandContributionForm, MoveContributionForm } from './contribution-forms';
import { DraftProvider, useDraft } from './draft-context';
import { parseDragId, parseDropId, programmeCollision } from './dnd';
import { RoomsAndDays } from './rooms-days';
import { SessionPanel } from './session-panel';
import { PlaceSessionForm, SessionForm } from './session-forms';
import { SubmissionsToAdd, UnplacedContributions, UnplacedSessions } from './side-lists';
import { TimetableGrid } from './timetable-grid';
import classes from './programme-editor.module.css';

type Dialog =
  | { kind: 'place'; id: number }
  | { kind: 'session'; id: number | null }
  | { kind: 'move'; id: number }
  | { kind: 'contribution'; id: number }
  | { kind: 'hand'; id: number | null }
  | null;

function Timetable() {
  const t = useTranslations('programmeEditor');
  const { draft, text, change, sessionById, contributionsOf } = useDraft();
  const [dayId, setDayId] = useState<string | null>(draft.days[0] ? String(draft.days[0].id) : null);
  const [open, setOpen] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const day = draft.days.find((d) => String(d.id) === dayId) ?? draft.days[0];

  const label = (id: string) => {
    const drag = parseDragId(id);
    if (!drag) return '';
    if (drag.kind === 'session') return text(sessionById.get(drag.id)?.title);
    return draft.contributions.find((c) => c.id === drag.id)?.code ?? '';
  };
  const onDragStart = (event: DragStartEvent) => setDragging(String(event.active.id));
  // What screen readers hear while dragging, in the page's language.
  const accessibility = {
    screenReaderInstructions: { draggable: t('dnd.instructions') },
    announcements: {
      onDragStart: ({ active }: { active: { id: string | number } }) => t('dnd.picked', { item: label(String(active.id)) }),
      onDragOver: ({ active, over }: { active: { id: string | number }; over: unknown }) =>
        t(over ? 'dnd.over' : 'dnd.notOver', { item: label(String(active.id)) }),
      onDragEnd: ({ active, over }: { active: { id: string | number }; over: unknown }) =>
        t(over ? 'dnd.dropped' : 'dnd.droppedNowhere', { item: label(String(active.id)) }),
      onDragCancel: ({ active }: { active: { id: string | number } }) => t('dnd.cancelled', { item: label(String(active.id)) }),
    },
  };
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const drag = parseDragId(active.id);
    const target = over ? parseDropId(over.id) : null;
    if (!drag || !target) return;
    if (drag.kind === 'session') {
      if (target.type === 'slot' && day) {
        await change(`/sessions/${drag.id}/place`, {
          method: 'PUT',
          body: { dayId: day.id, roomId: target.roomId, start: timeOfMinutes(target.minutes) },
        });
      } else if (target.type === 'unplaced-sessions' && sessionById.get(drag.id)?.startsAt) {
        await change(`/sessions/${drag.id}/place`, { method: 'DELETE' });
      }
      return;
    }
    const moveTo = (sessionId: number | null, position: number) =>
      change(`/contributions/${drag.id}/move`, { method: 'PUT', body: { sessionId, position } });
    if (target.type === 'into' || target.type === 'panel') {
      const current = draft.contributions.find((c) => c.id === drag.id);
      if (current?.sessionId !== target.sessionId) await moveTo(target.sessionId, MAX_ID);
      if (target.type === 'into') setOpen(target.sessionId);
    } else if (target.type === 'unplaced-contributions') {
      if (draft.contributions.find((c) => c.id === drag.id)?.sessionId !== null) await moveTo(null, MAX_ID);
    } else if (target.type === 'contribution' && target.id !== drag.id) {
      const overItem = draft.contributions.find((c) => c.id === target.id);
      if (!overItem || overItem.sessionId === null) return;
      const index = contributionsOf(overItem.sessionId).findIndex((c) => c.id === target.id);
      await moveTo(overItem.sessionId, index);
    }
  };

  const session = (id: number) => sessionById.get(id);
  const contribution = (id: number) => draft.contributions.find((c) => c.id === id);
  const dialogs: ReactNode = (() => {
    if (!dialog) return null;
    const close = () => setDialog(null);
    switch (dialog.kind) {
      case 'place': {
        const s = session(dialog.id);
        return s ? <PlaceSessionForm key={`p${s.id}`} session={s} opened onClose={close} /> : null;
      }
      case 'session':
        return (
          <SessionForm key={`s${dialog.id}`} session={dialog.id === null ? null : (session(dialog.id) ?? null)} opened onClose={close} />
        );
      case 'move': {
        const c = contribution(dialog.id);
        return c ? <MoveContributionForm key={`m${c.id}`} contribution={c} opened onClose={close} /> : null;
      }
      case 'contribution': {
        const c = contribution(dialog.id);
        return c ? (
          <ContributionSettingsForm
            key={`c${c.id}`}
            contribution={c}
            opened
            onClose={close}
            onEditText={() => setDialog({ kind: 'hand', id: c.id })}
          />
        ) : null;
      }
      case 'hand': {
        const c = dialog.id === null ? undefined : contribution(dialog.id);
        return <HandContributionForm key={`h${c?.id ?? 'new'}`} contribution={c} opened onClose={close} />;
      }
    }
  })();

  const place = (id: number) => setDialog({ kind: 'place', id });
  const moveContribution = (id: number) => setDialog({ kind: 'move', id });
  return (
    <DndContext
      accessibility={accessibility}
      sensors={sensors}
      collisionDetection={programmeCollision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <Box className={classes.layout}>
        <Stack gap="sm" style={{ minWidth: 0 }}>
          {draft.days.length === 0 || draft.rooms.length === 0 ? (
            <Text size="sm" data-testid="programme-setup-first">
              {t('setupFirst')}
            </Text>
          ) : (
            <Tabs value={String(day.id)} onChange={setDayId} keepMounted={false}>
              <Tabs.List>
                {draft.days.map((d) => (
                  <Tabs.Tab key={d.id} value={String(d.id)} data-testid={`day-tab-${d.day}`}>
                    {d.day}
                    {text(d.title) !== t('untitled') ? ` · ${text(d.title)}` : ''}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {draft.days.map((d) => (
                <Tabs.Panel key={d.id} value={String(d.id)} pt="sm">
                  <Box visibleFrom="md">
                    <TimetableGrid day={d.day} onOpen={setOpen} onPlace={place} />
                  </Box>
                  <Box hiddenFrom="md">
                    <AgendaList day={d.day} onOpen={setOpen} onPlace={place} onMove={moveContribution} />
                  </Box>
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
          {open !== null && session(open) ? (
            <SessionPanel
              sessionId={open}
              onClose={() => setOpen(null)}
              onPlace={() => place(open)}
              onEdit={() => setDialog({ kind: 'session', id: open })}
              onMove={moveContribution}
              onEditContribution={(id) => setDialog({ kind: 'contribution', id })}
            />
          ) : null}
        </Stack>
        <Stack gap="md" style={{ minWidth: 0 }}>
          <ConflictList />
          <UnplacedSessions
            onPlace={place}
            onEdit={(id) => setDialog({ kind: 'session', id })}
            onAdd={() => setDialog({ kind: 'session', id: null })}
          />
          <UnplacedContributions
            onMove={moveContribution}
            onEdit={(id) => setDialog({ kind: 'contribution', id })}
            onAddHand={() => setDialog({ kind: 'hand', id: null })}
          />
          <SubmissionsToAdd />
        </Stack>
      </Box>
      <DragOverlay dropAnimation={null}>{dragging ? <div className={classes.overlay}>{label(dragging)}</div> : null}</DragOverlay>
      {dialogs}
    </DndContext>
  );
}

/**
 * The timetable editor of `/platform/programme` (issue 23 point 2). `header` is the page's header area (where
 * publishing lives); the draft is edited here and is not public until published.
 */
export function ProgrammeEditor({ initial, header }: { initial: ProgrammeDraft; header?: ReactNode }) {
  const t = useTranslations('programmeEditor');
  return (
    <DraftProvider initial={initial}>
      <Stack gap="md" style={{ minWidth: 0 }}>
        {header}
        <Tabs defaultValue="timetable">
          <Tabs.List>
            <Tabs.Tab value="timetable" data-testid="tab-timetable">
              {t('tabTimetable')}
            </Tabs.Tab>
            <Tabs.Tab value="setup" data-testid="tab-setup">
              {t('tabSetup')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="timetable" pt="md">
            <Timetable />
          </Tabs.Panel>
          <Tabs.Panel value="setup" pt="md">
            <RoomsAndDays />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </DraftProvider>
  );
}
