'use client';

import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { useRouter } from '@/lib/i18n/navigation';
import { OPINION_MAX, SCORE_KEYS, ZDeclareConflict, ZSubmitReview, type Scales } from '@/lib/review/schemas';

/** The shared schema, and each score within the scale this conference set for it. */
function scoredSchema(scales: Scales, outOfScale: (min: number, max: number) => string) {
  return ZSubmitReview.superRefine((values, ctx) => {
    for (const k of SCORE_KEYS) {
      const v = values.scores[k];
      if (v < scales[k].min || v > scales[k].max)
        ctx.addIssue({ code: 'custom', path: ['scores', k], message: outOfScale(scales[k].min, scales[k].max) });
    }
  });
}

/**
 * The reviewer's five scores (each within its scale, none given until the reviewer gives it) and
 * opinion; sent once, after a confirmation in the app's dialog.
 */
export function ScoreForm({ assignmentId, scales }: { assignmentId: number; scales: Scales }) {
  const t = useTranslations('review');
  const schema = useMemo(() => scoredSchema(scales, (min, max) => t('scoreRange', { min, max })), [scales, t]);
  const { form, submit, fieldError, formError } = useApiForm({
    schema,
    defaultValues: { assignmentId, scores: Object.fromEntries(SCORE_KEYS.map((k) => [k, undefined])), opinion: '' },
    confirm: { message: t('submitConfirm'), confirmLabel: t('submitConfirmOk') },
    call: { path: '/conference/review/submit' },
    success: t('submitted'),
    refresh: true,
  });
  return (
    <form onSubmit={submit} noValidate data-testid="score-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {SCORE_KEYS.map((k) => (
            <Controller
              key={k}
              control={form.control}
              name={`scores.${k}`}
              render={({ field, fieldState }) => (
                <NumberInput
                  label={t(`score.${k}`)}
                  description={t('scoreRange', { min: scales[k].min, max: scales[k].max })}
                  required
                  min={scales[k].min}
                  max={scales[k].max}
                  allowDecimal={false}
                  value={typeof field.value === 'number' ? field.value : ''}
                  onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                  error={fieldError(fieldState.error)}
                  data-testid={`score-${k}`}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <Textarea
          label={t('opinion')}
          required
          autosize
          minRows={5}
          maxLength={OPINION_MAX}
          error={fieldError('opinion')}
          data-testid="score-opinion"
          {...form.register('opinion')}
        />
        <Group justify="flex-end">
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="score-submit">
            {t('submitReview')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** A reviewer declares a conflict of interest: the assignment is taken back. */
export function DeclareConflict({ assignmentId }: { assignmentId: number }) {
  const t = useTranslations('review');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZDeclareConflict,
    defaultValues: { assignmentId, reason: '' },
    call: { path: '/conference/review/conflict' },
    success: t('conflictDeclared'),
    onSuccess: () => {
      setOpen(false);
      router.replace('/platform/submissionManage/user');
    },
    refresh: true,
  });
  return (
    <Group>
      <Button variant="subtle" color="gray" onClick={() => setOpen(true)} data-testid="declare-conflict">
        {t('declareConflict')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('declareConflict')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea
              label={t('conflictReason')}
              maxLength={500}
              error={fieldError('reason')}
              data-testid="conflict-reason"
              {...form.register('reason')}
            />
            <Group justify="flex-end">
              <SubmitButton error={formError} color="red" loading={form.formState.isSubmitting} data-testid="conflict-submit">
                {t('declareConflict')}
              </SubmitButton>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
