'use client';

import { Alert, List, Text, VisuallyHidden } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { ProgrammeConflict } from '@/lib/programme/conflicts';
import { useDraft } from './draft-context';

/** One conflict in words. */
export function useConflictText() {
  const t = useTranslations('programmeEditor.conflicts');
  const { draft, text, sessionById } = useDraft();
  const sessionName = (id: number) => text(sessionById.get(id)?.title);
  const code = (id: number) => draft.contributions.find((c) => c.id === id)?.code ?? '';
  return (c: ProgrammeConflict): string => {
    switch (c.kind) {
      case 'person':
        return t('person', { person: c.person, first: sessionName(c.sessionIds[0]), second: sessionName(c.sessionIds[1]) });
      case 'room': {
        const room = draft.rooms.find((r) => r.id === c.roomId);
        return t('room', {
          room: room ? text(room.name) : t('allRooms'),
          first: sessionName(c.sessionIds[0]),
          second: sessionName(c.sessionIds[1]),
        });
      }
      case 'overrun':
        return t('overrun', { session: sessionName(c.sessionIds[0]), minutes: c.minutes });
      case 'slot':
        return t('slot', { code: code(c.contributionIds[0]), session: sessionName(c.sessionIds[0]), minutes: c.minutes });
    }
  };
}

/** The live warnings beside the grid, recomputed after every change. */
export function ConflictList() {
  const t = useTranslations('programmeEditor.conflicts');
  const { draft } = useDraft();
  const describe = useConflictText();
  return (
    <section aria-labelledby="programme-conflicts-title" data-testid="programme-conflicts" aria-live="polite">
      <Text id="programme-conflicts-title" fw={600} mb={4}>
        {t('title', { count: draft.conflicts.length })}
      </Text>
      {draft.conflicts.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="programme-no-conflicts">
          {t('none')}
        </Text>
      ) : (
        <Alert color="orange" p="xs">
          <List size="sm" spacing={4}>
            {draft.conflicts.map((c, i) => (
              <List.Item key={i} data-testid={`conflict-${c.kind}`}>
                {describe(c)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </section>
  );
}

/** The warning mark on an item of the grid or a list, naming its conflicts for screen readers and on hover. */
export function ConflictMark({ conflicts, testId }: { conflicts: ProgrammeConflict[]; testId: string }) {
  const t = useTranslations('programmeEditor.conflicts');
  const describe = useConflictText();
  if (conflicts.length === 0) return null;
  const words = conflicts.map(describe).join(' ');
  return (
    <Text component="span" size="xs" fw={700} c="orange.9" title={words} data-testid={testId}>
      ⚠ {t('mark', { count: conflicts.length })}
      <VisuallyHidden>{` ${words}`}</VisuallyHidden>
    </Text>
  );
}
