'use client';

import { Button, Group, NativeSelect, Radio, RadioGroup, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiAction } from '@/components/ui/use-api';
import { DECISIONS, OPINION_MAX, type Decision } from '@/lib/review/schemas';

/** Runs the automatic assignment and says what it did. */
export function AutoAssignButton() {
  const t = useTranslations('review');
  const { run, busy } = useApiAction();
  const click = async () => {
    const result = await run<{ assignments: number; submissions: number; unfilled: number[] }>('/conference/platform/manage/assign/auto', {
      body: {},
    });
    if (!result) return;
    notifications.show({
      color: result.unfilled.length ? 'orange' : 'green',
      message: t('autoDone', { assignments: result.assignments, submissions: result.submissions, unfilled: result.unfilled.length }),
    });
  };
  return (
    <Button onClick={click} loading={busy} data-testid="auto-assign">
      {t('autoAssign')}
    </Button>
  );
}

type Candidate = { id: number; name: string; email: string; organization: string; load: number; blockedBy: string | null };

/** Assign one more reviewer by hand; reviewers in conflict, already assigned or outside the session are listed but disabled. */
export function AssignReviewer({ submissionId, candidates }: { submissionId: number; candidates: Candidate[] }) {
  const t = useTranslations('review');
  const { run, busy } = useApiAction();
  // Starts empty: the chair picks a reviewer, none is preselected.
  const [reviewerId, setReviewerId] = useState('');
  const assign = () =>
    run('/conference/platform/manage/assign', { body: { submissionId, reviewerId: Number(reviewerId) } }, t('assignedOk'));
  return (
    <Group align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('chooseReviewer')}
        value={reviewerId}
        onChange={(e) => setReviewerId(e.currentTarget.value)}
        data={[
          { value: '', label: t('chooseReviewerPlaceholder'), disabled: true },
          ...candidates.map((c) => ({
            value: String(c.id),
            label: `${c.name} · ${c.organization || '—'} · ${t('loadN', { n: c.load })}${c.blockedBy ? ` · ${t(`blocked.${c.blockedBy}`)}` : ''}`,
            disabled: Boolean(c.blockedBy),
          })),
        ]}
        style={{ flex: 1, minWidth: 220 }}
        data-testid="assign-select"
      />
      <Button onClick={assign} loading={busy} disabled={!reviewerId} data-testid="assign-submit">
        {t('assign')}
      </Button>
    </Group>
  );
}

/** Take back an assignment not yet reviewed. */
export function UnassignButton({ assignmentId }: { assignmentId: number }) {
  const t = useTranslations('review');
  const { run, busy } = useApiAction();
  const click = () =>
    run('/conference/platform/manage/assign/cancel', { body: { assignmentId } }, t('unassignedOk'), {
      confirm: { message: t('unassignConfirm'), color: 'red', confirmLabel: t('unassign') },
    });
  return (
    <Button size="compact-sm" variant="light" color="red" onClick={click} loading={busy} data-testid={`unassign-${assignmentId}`}>
      {t('unassign')}
    </Button>
  );
}

/** The chair's opinion, the final opinion for the authors and the decision. */
export function DecisionForm({
  submissionId,
  initial,
  locked,
}: {
  submissionId: number;
  initial: { decision: string | null; chairOpinion: string; finalOpinion: string };
  locked: boolean;
}) {
  const t = useTranslations('review');
  const { run, busy } = useApiAction();
  const [decision, setDecision] = useState<Decision | ''>(
    (DECISIONS as readonly string[]).includes(initial.decision ?? '') ? (initial.decision as Decision) : '',
  );
  const [chairOpinion, setChairOpinion] = useState(initial.chairOpinion);
  const [finalOpinion, setFinalOpinion] = useState(initial.finalOpinion);
  const save = () => run('/conference/review/decide', { body: { submissionId, decision, chairOpinion, finalOpinion } }, t('decidedOk'));
  return (
    <Stack gap="sm" data-testid="decision-form">
      <Textarea
        label={t('chairOpinion')}
        description={t('chairOpinionHint')}
        autosize
        minRows={3}
        maxLength={OPINION_MAX}
        value={chairOpinion}
        disabled={locked}
        onChange={(e) => setChairOpinion(e.currentTarget.value)}
        data-testid="chair-opinion"
      />
      <Textarea
        label={t('finalOpinion')}
        description={t('finalOpinionHint')}
        autosize
        minRows={3}
        maxLength={OPINION_MAX}
        value={finalOpinion}
        disabled={locked}
        onChange={(e) => setFinalOpinion(e.currentTarget.value)}
        data-testid="final-opinion"
      />
      <RadioGroup label={t('decisionLabel')} value={decision} onChange={(v) => setDecision(v as Decision)} required>
        <Group mt="xs">
          {DECISIONS.map((d) => (
            <Radio key={d} value={d} label={t(`decision.${d}`)} disabled={locked} data-testid={`decision-${d}`} />
          ))}
        </Group>
      </RadioGroup>
      {locked ? (
        <Text size="sm" c="dimmed">
          {t('lockedHint')}
        </Text>
      ) : (
        <Group justify="flex-end">
          <Button onClick={save} loading={busy} disabled={!decision} data-testid="decision-save">
            {t('saveDecision')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Releases the decided result to the authors (mail through the outbox). */
export function ReleaseButton({ submissionId }: { submissionId: number }) {
  const t = useTranslations('review');
  const { run, busy } = useApiAction();
  const click = () =>
    run('/conference/review/release', { body: { submissionId } }, t('releasedOk'), {
      confirm: { message: t('releaseConfirm'), color: 'green', confirmLabel: t('releaseConfirmOk') },
    });
  return (
    <Button color="green" onClick={click} loading={busy} data-testid="release-result">
      {t('release')}
    </Button>
  );
}
