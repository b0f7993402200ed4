'use client';

import { Button, Group, Modal, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller } from 'react-hook-form';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SESSION_TYPES, ZPlaceSession, ZSessionInput, type SessionInput } from '@/lib/programme/schemas';
import type { DraftSession } from '@/lib/programme/queries';
import { useDraft } from './draft-context';
import { PeopleRows } from './people-rows';

/** Adds a session (unplaced) or changes one: titles, description, type, length, chairs, the call's theme. */
export function SessionForm({ session, opened, onClose }: { session: DraftSession | null; opened: boolean; onClose: () => void }) {
  const t = useTranslations('programmeEditor');
  const { draft, text, changeOrThrow, change } = useDraft();
  const ask = useConfirm();
  const initial: SessionInput = session
    ? {
        title: session.title,
        description: session.description,
        type: session.type,
        durationMinutes: session.durationMinutes,
        chairs: session.chairs,
        themeId: session.themeId ?? '',
      }
    : { title: { zh: '', en: '' }, description: { zh: '', en: '' }, type: 'parallel', durationMinutes: 60, chairs: [], themeId: '' };
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZSessionInput,
    values: initial,
    call: async (values) =>
      changeOrThrow(session ? `/sessions/${session.id}` : '/sessions', { method: session ? 'PUT' : 'POST', body: values }),
    success: t('saved'),
    onSuccess: () => onClose(),
  });
  const remove = async () => {
    if (!session || !(await ask(t('sessionDeleteConfirm')))) return;
    if (await change(`/sessions/${session.id}`, { method: 'DELETE' })) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={session ? t('sessionEdit') : t('sessionAdd')} size="lg">
      <form onSubmit={submit} noValidate data-testid="session-form">
        <Stack gap="sm">
          <BilingualInput
            control={form.control}
            name="title"
            label={{ zh: t('titleZh'), en: t('titleEn') }}
            required
            testId="session-title"
          />
          <BilingualInput
            control={form.control}
            name="description"
            label={{ zh: t('descriptionZh'), en: t('descriptionEn') }}
            multiline={{ minRows: 2, maxRows: 8 }}
            testId="session-description"
          />
          <NativeSelect
            label={t('sessionType')}
            data={SESSION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            error={fieldError('type')}
            data-testid="session-type"
            {...form.register('type')}
          />
          <Controller
            control={form.control}
            name="durationMinutes"
            render={({ field }) => (
              <NumberInput
                label={t('durationMinutes')}
                required
                min={1}
                max={1440}
                allowDecimal={false}
                value={field.value as number | ''}
                onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                onBlur={field.onBlur}
                error={fieldError('durationMinutes')}
                data-testid="session-duration"
              />
            )}
          />
          <NativeSelect
            label={t('theme')}
            data={[{ value: '', label: t('noTheme') }, ...draft.themes.map((th) => ({ value: String(th.id), label: text(th.name) }))]}
            error={fieldError('themeId')}
            data-testid="session-theme"
            {...form.register('themeId')}
          />
          <PeopleRows control={form.control} name="chairs" role="chair" min={0} testId="session-chair" />
          <Group justify="space-between">
            {session ? (
              <Button variant="subtle" color="red" onClick={remove} data-testid="session-delete">
                {t('delete')}
              </Button>
            ) : (
              <span />
            )}
            <SubmitButton error={formError} data-testid="session-save">
              {t('save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The keyboard-and-form way to do what dragging a session does: choose its day, room (or all rooms) and start; or take
 * it off the grid.
 */
export function PlaceSessionForm({ session, opened, onClose }: { session: DraftSession; opened: boolean; onClose: () => void }) {
  const t = useTranslations('programmeEditor');
  const { draft, text, changeOrThrow, change, dayOf, timeOf } = useDraft();
  const placedDay = draft.days.find((d) => d.day === dayOf(session.startsAt));
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZPlaceSession,
    values: {
      dayId: String(placedDay?.id ?? draft.days[0]?.id ?? ''),
      roomId: session.startsAt ? String(session.roomId ?? '') : String(draft.rooms[0]?.id ?? ''),
      start: session.startsAt ? timeOf(session.startsAt) : '09:00',
    },
    call: async (values) => changeOrThrow(`/sessions/${session.id}/place`, { method: 'PUT', body: values }),
    success: t('saved'),
    onSuccess: () => onClose(),
  });
  const unplace = async () => {
    if (await change(`/sessions/${session.id}/place`, { method: 'DELETE' })) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('placeTitle', { session: text(session.title) })}>
      <form onSubmit={submit} noValidate data-testid="place-form">
        <Stack gap="sm">
          <NativeSelect
            label={t('day')}
            data={draft.days.map((d) => ({
              value: String(d.id),
              label: `${d.day} ${text(d.title) === t('untitled') ? '' : text(d.title)}`.trim(),
            }))}
            error={fieldError('dayId')}
            data-testid="place-day"
            {...form.register('dayId')}
          />
          <NativeSelect
            label={t('room')}
            data={[...draft.rooms.map((r) => ({ value: String(r.id), label: text(r.name) })), { value: '', label: t('allRooms') }]}
            error={fieldError('roomId')}
            data-testid="place-room"
            {...form.register('roomId')}
          />
          <TextInput
            type="time"
            label={t('start')}
            required
            error={fieldError('start')}
            data-testid="place-start"
            {...form.register('start')}
          />
          <Group justify="space-between">
            {session.startsAt ? (
              <Button variant="subtle" onClick={unplace} data-testid="place-unplace">
                {t('unplace')}
              </Button>
            ) : (
              <span />
            )}
            <SubmitButton error={formError} data-testid="place-save">
              {t('place')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
