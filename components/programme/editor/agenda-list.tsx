'use client';

import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { ConflictMark } from './conflict-list';
import { useDraft } from './draft-context';
import { ContributionLine } from './side-lists';

/**
 * The day as a chronological list (a phone's view of the grid): each session with its time, room and contributions,
 * each with its "Move…" form instead of dragging.
 */
export function AgendaList({
  day,
  onOpen,
  onPlace,
  onMove,
}: {
  day: string;
  onOpen: (id: number) => void;
  onPlace: (id: number) => void;
  onMove: (id: number) => void;
}) {
  const t = useTranslations('programmeEditor');
  const { draft, text, timeOf, dayOf, contributionsOf, conflictsOfSession } = useDraft();
  const sessions = draft.sessions
    .filter((s) => s.startsAt && dayOf(s.startsAt) === day)
    .sort((a, b) => Date.parse(a.startsAt!) - Date.parse(b.startsAt!) || a.id - b.id);
  if (sessions.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="programme-list-empty">
        {t('dayEmpty')}
      </Text>
    );
  }
  return (
    <Stack
      component="ol"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      data-testid="programme-list"
      aria-label={t('listLabel', { day })}
    >
      {sessions.map((s) => {
        const room = draft.rooms.find((r) => r.id === s.roomId);
        const title = text(s.title);
        return (
          <Paper component="li" key={s.id} withBorder p="xs" data-testid={`list-session-${s.id}`}>
            <Text size="sm" fw={700}>
              {timeOf(s.startsAt)}–{timeOf(s.endsAt)} · {room ? text(room.name) : t('allRooms')}
            </Text>
            <Text size="sm">{title}</Text>
            <ConflictMark conflicts={conflictsOfSession(s.id)} testId={`list-session-warning-${s.id}`} />
            <Group gap={4} my={4}>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => onPlace(s.id)}
                data-testid={`list-place-session-${s.id}`}
                aria-label={t('moveSession', { title })}
              >
                {t('moveShort')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => onOpen(s.id)}
                data-testid={`list-open-session-${s.id}`}
                aria-label={t('openNamed', { title })}
              >
                {t('open')}
              </Button>
            </Group>
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
              {contributionsOf(s.id).map((c) => (
                <li key={c.id} data-testid={`list-contribution-${c.id}`}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                      {timeOf(c.startsAt)}
                    </Text>
                    <ContributionLine contribution={c} />
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => onMove(c.id)}
                      data-testid={`list-move-contribution-${c.id}`}
                      aria-label={t('moveContribution', { code: c.code })}
                    >
                      {t('moveShort')}
                    </Button>
                  </Group>
                </li>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
