'use client';

import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, CloseButton, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { DraftContribution, DraftSession } from '@/lib/programme/queries';
import { ConflictMark } from './conflict-list';
import { useDraft } from './draft-context';
import { contributionDragId } from './dnd';
import { ContributionLine } from './side-lists';
import classes from './programme-editor.module.css';

function SortableContribution({
  contribution,
  index,
  onMove,
  onEdit,
}: {
  contribution: DraftContribution;
  index: number;
  onMove: () => void;
  onEdit: () => void;
}) {
  const t = useTranslations('programmeEditor');
  const { timeOf, conflictsOfContribution } = useDraft();
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } = useSortable({
    id: contributionDragId(contribution.id),
    data: { kind: 'contribution', accepts: 'contribution' },
  });
  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      data-dragging={isDragging || undefined}
      data-conflict={conflictsOfContribution(contribution.id).length > 0 || undefined}
      data-testid={`session-contribution-${contribution.id}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className={classes.handle}
          {...listeners}
          {...attributes}
          aria-label={t('dragContribution', { code: contribution.code })}
          data-testid={`drag-contribution-${contribution.id}`}
        >
          ⠿
        </button>
        <Text size="xs" c="dimmed" w="5.5rem" style={{ flex: 'none' }}>
          {index + 1}.{' '}
          {contribution.startsAt
            ? `${timeOf(contribution.startsAt)}–${timeOf(contribution.endsAt)}`
            : t('minutes', { count: contribution.durationMinutes })}
          {contribution.pinned ? ` ${t('pinnedMark')}` : ''}
        </Text>
        <ContributionLine contribution={contribution} />
      </Group>
      <Group gap={4} mt={4}>
        <Button
          size="compact-xs"
          variant="light"
          onClick={onMove}
          data-testid={`move-contribution-${contribution.id}`}
          aria-label={t('moveContribution', { code: contribution.code })}
        >
          {t('moveShort')}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={onEdit}
          data-testid={`edit-contribution-${contribution.id}`}
          aria-label={t('editNamed', { title: contribution.code })}
        >
          {t('edit')}
        </Button>
      </Group>
    </li>
  );
}

function FillFromTheme({ session }: { session: DraftSession }) {
  const t = useTranslations('programmeEditor');
  const { draft, text, change, busy } = useDraft();
  const [themeId, setThemeId] = useState(String(session.themeId ?? draft.themes[0]?.id ?? ''));
  if (draft.themes.length === 0) return null;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('fillTheme')}
        value={themeId}
        onChange={(e) => setThemeId(e.currentTarget.value)}
        data={draft.themes.map((th) => ({ value: String(th.id), label: `${th.prefix ? `${th.prefix} · ` : ''}${text(th.name)}` }))}
        data-testid="fill-theme"
      />
      <Button
        variant="light"
        loading={busy}
        onClick={() => change(`/sessions/${session.id}/fill`, { body: { themeId: Number(themeId) } })}
        data-testid="fill-session"
      >
        {t('fill')}
      </Button>
    </Group>
  );
}

/**
 * The open session: its contributions in running order, reordered by dragging (or each one's "Move…" form), more
 * dragged in from the unplaced ones, or filled from a theme of the call in one action.
 */
export function SessionPanel({
  sessionId,
  onClose,
  onPlace,
  onEdit,
  onMove,
  onEditContribution,
}: {
  sessionId: number;
  onClose: () => void;
  onPlace: () => void;
  onEdit: () => void;
  onMove: (id: number) => void;
  onEditContribution: (id: number) => void;
}) {
  const t = useTranslations('programmeEditor');
  const { sessionById, text, timeOf, dayOf, contributionsOf, conflictsOfSession, draft } = useDraft();
  const session = sessionById.get(sessionId);
  const { setNodeRef, isOver } = useDroppable({ id: `panel:${sessionId}`, data: { accepts: 'contribution' } });
  if (!session) return null;
  const list = contributionsOf(session.id);
  const room = draft.rooms.find((r) => r.id === session.roomId);
  return (
    <Paper withBorder p="sm" data-testid="session-panel" aria-labelledby="session-panel-title" component="section">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text id="session-panel-title" fw={700}>
            {text(session.title)}
          </Text>
          <Text size="sm" c="dimmed">
            {session.startsAt
              ? `${dayOf(session.startsAt)} ${timeOf(session.startsAt)}–${timeOf(session.endsAt)} · ${room ? text(room.name) : t('allRooms')}`
              : t('notPlaced')}
          </Text>
          <ConflictMark conflicts={conflictsOfSession(session.id)} testId="session-panel-warning" />
        </div>
        <CloseButton onClick={onClose} aria-label={t('closePanel')} />
      </Group>
      <Group gap="xs" my="xs">
        <Button size="compact-sm" variant="light" onClick={onPlace} disabled={draft.days.length === 0} data-testid="panel-place">
          {t('moveSessionShort')}
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={onEdit} data-testid="panel-edit">
          {t('sessionEdit')}
        </Button>
      </Group>
      <SortableContext items={list.map((c) => contributionDragId(c.id))} strategy={verticalListSortingStrategy}>
        <div ref={setNodeRef} className={classes.drop} data-over={isOver || undefined} data-testid="session-panel-list">
          {list.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('sessionEmpty')}
            </Text>
          ) : (
            <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {list.map((c, i) => (
                <SortableContribution
                  key={c.id}
                  contribution={c}
                  index={i}
                  onMove={() => onMove(c.id)}
                  onEdit={() => onEditContribution(c.id)}
                />
              ))}
            </Stack>
          )}
        </div>
      </SortableContext>
      <Stack mt="sm">
        <FillFromTheme session={session} />
      </Stack>
    </Paper>
  );
}
