'use client';

import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { DraftContribution, DraftSession } from '@/lib/programme/queries';
import { ConflictMark } from './conflict-list';
import { useDraft } from './draft-context';
import { contributionDragId, sessionDragId } from './dnd';
import classes from './programme-editor.module.css';

function Handle({ id, kind, label, testId }: { id: string; kind: 'session' | 'contribution'; label: string; testId: string }) {
  const { setNodeRef, listeners, attributes } = useDraggable({ id, data: { kind } });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={classes.handle}
      {...listeners}
      {...attributes}
      aria-label={label}
      data-testid={testId}
    >
      ⠿
    </button>
  );
}

function UnplacedSession({ session, onPlace, onEdit }: { session: DraftSession; onPlace: () => void; onEdit: () => void }) {
  const t = useTranslations('programmeEditor');
  const { text, draft } = useDraft();
  const title = text(session.title);
  return (
    <li className={classes.item} data-testid={`unplaced-session-${session.id}`}>
      <Group gap={6} wrap="nowrap">
        <Handle id={sessionDragId(session.id)} kind="session" label={t('dragSession', { title })} testId={`drag-session-${session.id}`} />
        <Text size="sm" fw={600} style={{ flex: 1, minWidth: 0 }} truncate>
          {title}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t(`types.${session.type}`)} · {t('minutes', { count: session.durationMinutes })}
      </Text>
      <Group gap={4} mt={4}>
        <Button
          size="compact-xs"
          variant="light"
          onClick={onPlace}
          disabled={draft.days.length === 0}
          data-testid={`place-session-${session.id}`}
          aria-label={t('moveSession', { title })}
        >
          {t('moveShort')}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={onEdit}
          data-testid={`edit-session-${session.id}`}
          aria-label={t('editNamed', { title })}
        >
          {t('edit')}
        </Button>
      </Group>
    </li>
  );
}

/** Sessions waiting beside the grid; a placed session dropped here leaves the grid. */
export function UnplacedSessions({
  onPlace,
  onEdit,
  onAdd,
}: {
  onPlace: (id: number) => void;
  onEdit: (id: number) => void;
  onAdd: () => void;
}) {
  const t = useTranslations('programmeEditor');
  const { draft } = useDraft();
  const { setNodeRef, isOver } = useDroppable({ id: 'unplaced-sessions', data: { accepts: 'session' } });
  const waiting = draft.sessions.filter((s) => !s.startsAt);
  return (
    <section aria-labelledby="unplaced-sessions-title">
      <Group justify="space-between" mb={4}>
        <Text id="unplaced-sessions-title" fw={600}>
          {t('unplacedSessions')}
        </Text>
        <Button size="compact-sm" onClick={onAdd} data-testid="session-add">
          {t('sessionAdd')}
        </Button>
      </Group>
      <div ref={setNodeRef} className={classes.drop} data-over={isOver || undefined} data-testid="unplaced-sessions">
        {waiting.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('unplacedSessionsEmpty')}
          </Text>
        ) : (
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {waiting.map((s) => (
              <UnplacedSession key={s.id} session={s} onPlace={() => onPlace(s.id)} onEdit={() => onEdit(s.id)} />
            ))}
          </Stack>
        )}
      </div>
    </section>
  );
}

/** One contribution's line: code, title, people; its warnings. */
export function ContributionLine({ contribution }: { contribution: DraftContribution }) {
  const { text, conflictsOfContribution } = useDraft();
  const presenter = contribution.people.find((p) => p.presenter) ?? contribution.people[0];
  return (
    <div style={{ minWidth: 0, flex: 1 }}>
      <Text size="sm" lineClamp={2}>
        <Text span fw={700} size="sm">
          {contribution.code}
        </Text>{' '}
        {text(contribution.title)}
      </Text>
      {presenter ? (
        <Text size="xs" c="dimmed" truncate>
          {presenter.name}
        </Text>
      ) : null}
      <ConflictMark conflicts={conflictsOfContribution(contribution.id)} testId={`contribution-warning-${contribution.id}`} />
    </div>
  );
}

/** Contributions not in any session; a contribution dropped here leaves its session. */
export function UnplacedContributions({
  onMove,
  onEdit,
  onAddHand,
}: {
  onMove: (id: number) => void;
  onEdit: (id: number) => void;
  onAddHand: () => void;
}) {
  const t = useTranslations('programmeEditor');
  const { contributionsOf } = useDraft();
  const { setNodeRef, isOver } = useDroppable({ id: 'unplaced-contributions', data: { accepts: 'contribution' } });
  const waiting = contributionsOf(null);
  return (
    <section aria-labelledby="unplaced-contributions-title">
      <Group justify="space-between" mb={4}>
        <Text id="unplaced-contributions-title" fw={600}>
          {t('unplacedContributions')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={onAddHand} data-testid="hand-add">
          {t('handAdd')}
        </Button>
      </Group>
      <div ref={setNodeRef} className={classes.drop} data-over={isOver || undefined} data-testid="unplaced-contributions">
        {waiting.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('unplacedContributionsEmpty')}
          </Text>
        ) : (
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {waiting.map((c) => (
              <li key={c.id} className={classes.item} data-testid={`unplaced-contribution-${c.id}`}>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Handle
                    id={contributionDragId(c.id)}
                    kind="contribution"
                    label={t('dragContribution', { code: c.code })}
                    testId={`drag-contribution-${c.id}`}
                  />
                  <ContributionLine contribution={c} />
                </Group>
                <Group gap={4} mt={4}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => onMove(c.id)}
                    data-testid={`move-contribution-${c.id}`}
                    aria-label={t('moveContribution', { code: c.code })}
                  >
                    {t('moveShort')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => onEdit(c.id)}
                    data-testid={`edit-contribution-${c.id}`}
                    aria-label={t('editNamed', { title: c.code })}
                  >
                    {t('edit')}
                  </Button>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </div>
    </section>
  );
}

/** Accepted submissions not yet in the programme: added one by one or all at once (unplaced). */
export function SubmissionsToAdd() {
  const t = useTranslations('programmeEditor');
  const { draft, change, busy } = useDraft();
  const list = draft.submissionsToAdd;
  if (list.length === 0) return null;
  const add = (ids: number[]) => change('/contributions/submissions', { body: { submissionIds: ids } });
  return (
    <section aria-labelledby="submissions-to-add-title" data-testid="submissions-to-add">
      <Group justify="space-between" mb={4}>
        <Text id="submissions-to-add-title" fw={600}>
          {t('acceptedToAdd', { count: list.length })}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          loading={busy}
          onClick={() => add(list.map((s) => s.id))}
          data-testid="add-all-submissions"
        >
          {t('addAll')}
        </Button>
      </Group>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {list.map((s) => (
          <li key={s.id} className={classes.item}>
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" style={{ minWidth: 0 }} lineClamp={2}>
                <Text span fw={700} size="sm">
                  {s.code}
                </Text>{' '}
                {s.title}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => add([s.id])}
                aria-label={t('addNamed', { code: s.code })}
                data-testid={`add-submission-${s.id}`}
              >
                {t('add')}
              </Button>
            </Group>
          </li>
        ))}
      </Stack>
    </section>
  );
}
