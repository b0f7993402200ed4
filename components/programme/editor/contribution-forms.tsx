'use client';

import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller } from 'react-hook-form';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import type { DraftContribution } from '@/lib/programme/queries';
import {
  PROGRAMME_HAND_KINDS,
  ZContributionSettings,
  ZHandContribution,
  ZMoveContribution,
  type HandContributionInput,
} from '@/lib/programme/schemas';
import { useDraft } from './draft-context';
import { emptyPerson, PeopleRows } from './people-rows';

/** A length in minutes (1 to 1440), for a Controller's `render`. */
function minutesInput(
  field: { value: unknown; onChange: (v: unknown) => void; onBlur: () => void },
  label: string,
  error: string | undefined,
  testId: string,
) {
  return (
    <NumberInput
      label={label}
      required
      min={1}
      max={1440}
      allowDecimal={false}
      value={field.value as number | ''}
      onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
      onBlur={field.onBlur}
      error={error}
      data-testid={testId}
    />
  );
}

/** The keyboard-and-form way to do what dragging a contribution does: choose its session and its position there. */
export function MoveContributionForm({
  contribution,
  opened,
  onClose,
}: {
  contribution: DraftContribution;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useTranslations('programmeEditor');
  const { draft, text, changeOrThrow, contributionsOf, timeOf, dayOf } = useDraft();
  const current = contributionsOf(contribution.sessionId).findIndex((c) => c.id === contribution.id);
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZMoveContribution,
    values: { sessionId: String(contribution.sessionId ?? ''), position: current + 1 },
    // People count from 1; the API from 0.
    call: async (values) =>
      changeOrThrow(`/contributions/${contribution.id}/move`, {
        method: 'PUT',
        body: { ...values, position: Math.max(0, values.position - 1) },
      }),
    success: t('saved'),
    onSuccess: () => onClose(),
  });
  const sessionLabel = (id: number) => {
    const s = draft.sessions.find((x) => x.id === id)!;
    return s.startsAt ? `${dayOf(s.startsAt)} ${timeOf(s.startsAt)} · ${text(s.title)}` : `${text(s.title)} (${t('notPlaced')})`;
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('moveContributionTitle', { code: contribution.code })}>
      <form onSubmit={submit} noValidate data-testid="move-form">
        <Stack gap="sm">
          <NativeSelect
            label={t('session')}
            data={[
              { value: '', label: t('unplacedContributions') },
              ...draft.sessions.map((s) => ({ value: String(s.id), label: sessionLabel(s.id) })),
            ]}
            error={fieldError('sessionId')}
            data-testid="move-session"
            {...form.register('sessionId')}
          />
          <Controller
            control={form.control}
            name="position"
            render={({ field }) => (
              <NumberInput
                label={t('position')}
                description={t('positionHint')}
                min={1}
                allowDecimal={false}
                value={field.value as number | ''}
                onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                error={fieldError('position')}
                data-testid="move-position"
              />
            )}
          />
          <SubmitButton error={formError} data-testid="move-save">
            {t('move')}
          </SubmitButton>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A contribution's duration, pinned start, board number and code; or its removal from the draft. A hand-added one's
 * text is changed in its own form, opened from here.
 */
export function ContributionSettingsForm({
  contribution,
  opened,
  onClose,
  onEditText,
}: {
  contribution: DraftContribution;
  opened: boolean;
  onClose: () => void;
  /** Opens the form of a hand-added contribution's text (kind, title, abstract, speakers). */
  onEditText?: () => void;
}) {
  const t = useTranslations('programmeEditor');
  const { changeOrThrow, change, timeOf } = useDraft();
  const ask = useConfirm();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZContributionSettings,
    values: {
      durationMinutes: contribution.durationMinutes,
      start: contribution.pinned ? timeOf(contribution.startsAt) : '',
      boardNumber: contribution.boardNumber,
      code: contribution.code,
    },
    call: async (values) => changeOrThrow(`/contributions/${contribution.id}`, { method: 'PUT', body: values }),
    success: t('saved'),
    onSuccess: () => onClose(),
  });
  const remove = async () => {
    if (!(await ask(t('contributionDeleteConfirm')))) return;
    if (await change(`/contributions/${contribution.id}`, { method: 'DELETE' })) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('contributionEdit', { code: contribution.code })}>
      <form onSubmit={submit} noValidate data-testid="contribution-form">
        <Stack gap="sm">
          {contribution.hand && onEditText ? (
            <Button variant="light" w="fit-content" onClick={onEditText} data-testid="contribution-edit-text">
              {t('handEditText')}
            </Button>
          ) : (
            <Text size="xs" c="dimmed" data-testid="contribution-text-from-submission">
              {t('textFromSubmission')}
            </Text>
          )}
          <Controller
            control={form.control}
            name="durationMinutes"
            render={({ field }) => minutesInput(field, t('durationMinutes'), fieldError('durationMinutes'), 'contribution-duration')}
          />
          <TextInput
            type="time"
            label={t('pinnedStart')}
            description={t('pinnedStartHint')}
            error={fieldError('start')}
            data-testid="contribution-start"
            {...form.register('start')}
          />
          <TextInput
            label={t('boardNumber')}
            error={fieldError('boardNumber')}
            data-testid="contribution-board"
            {...form.register('boardNumber')}
          />
          <TextInput label={t('code')} required error={fieldError('code')} data-testid="contribution-code" {...form.register('code')} />
          <Group justify="space-between">
            <Button variant="subtle" color="red" onClick={remove} data-testid="contribution-delete">
              {t('delete')}
            </Button>
            <SubmitButton error={formError} data-testid="contribution-save">
              {t('save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const EMPTY_HAND: HandContributionInput = {
  kind: 'keynote',
  title: { zh: '', en: '' },
  abstract: { zh: '', en: '' },
  speakers: [emptyPerson()],
  durationMinutes: 30,
};

/**
 * Adds a keynote, invited talk, panel or other contribution with its speakers; or, given a hand-added `contribution`,
 * changes its kind, title, abstract and speakers (PUT …/contributions/:id/text; its length is one of its settings).
 */
export function HandContributionForm({
  contribution,
  opened,
  onClose,
}: {
  contribution?: DraftContribution;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useTranslations('programmeEditor');
  const { changeOrThrow } = useDraft();
  const hand = contribution?.hand ? { contribution, text: contribution.hand } : null;
  const editing: HandContributionInput | undefined = hand
    ? {
        kind: hand.contribution.kind === 'submission' ? 'other' : hand.contribution.kind,
        title: hand.contribution.title,
        abstract: hand.text.abstract,
        speakers: hand.text.speakers,
        durationMinutes: hand.contribution.durationMinutes,
      }
    : undefined;
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZHandContribution,
    defaultValues: EMPTY_HAND,
    values: editing,
    call: async ({ durationMinutes, ...text }) =>
      hand
        ? changeOrThrow(`/contributions/${hand.contribution.id}/text`, { method: 'PUT', body: text })
        : changeOrThrow('/contributions', { body: { ...text, durationMinutes } }),
    success: t('saved'),
    onSuccess: () => {
      if (!editing) form.reset(EMPTY_HAND);
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={hand ? t('handEditTitle', { code: hand.contribution.code }) : t('handAdd')} size="lg">
      <form onSubmit={submit} noValidate data-testid="hand-form">
        <Stack gap="sm">
          <NativeSelect
            label={t('kind')}
            data={PROGRAMME_HAND_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            error={fieldError('kind')}
            data-testid="hand-kind"
            {...form.register('kind')}
          />
          <BilingualInput control={form.control} name="title" label={{ zh: t('titleZh'), en: t('titleEn') }} required testId="hand-title" />
          <BilingualInput
            control={form.control}
            name="abstract"
            label={{ zh: t('abstractZh'), en: t('abstractEn') }}
            multiline={{ minRows: 2, maxRows: 8 }}
            testId="hand-abstract"
          />
          <PeopleRows control={form.control} name="speakers" role="speaker" min={1} testId="hand-speaker" />
          {editing ? null : (
            <Controller
              control={form.control}
              name="durationMinutes"
              render={({ field }) => minutesInput(field, t('durationMinutes'), fieldError('durationMinutes'), 'hand-duration')}
            />
          )}
          <SubmitButton error={formError} data-testid="hand-save">
            {editing ? t('save') : t('add')}
          </SubmitButton>
        </Stack>
      </form>
    </Modal>
  );
}
