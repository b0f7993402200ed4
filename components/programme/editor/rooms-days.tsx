'use client';

import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { ZDayInput, ZRoomInput, type DayInput, type RoomInput } from '@/lib/programme/schemas';
import { useDraft } from './draft-context';
import classes from './programme-editor.module.css';

function RoomForm({ roomId, initial, onDone }: { roomId: number | null; initial: RoomInput; onDone: () => void }) {
  const t = useTranslations('programmeEditor');
  const { changeOrThrow } = useDraft();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZRoomInput,
    values: initial,
    call: async (values) => changeOrThrow(roomId ? `/rooms/${roomId}` : '/rooms', { method: roomId ? 'PUT' : 'POST', body: values }),
    success: t('saved'),
    onSuccess: () => {
      if (!roomId) form.reset({ name: { zh: '', en: '' }, capacity: '' });
      onDone();
    },
  });
  const prefix = roomId ? `room-${roomId}` : 'room-new';
  return (
    <form onSubmit={submit} noValidate data-testid={`${prefix}-form`}>
      <Stack gap="xs">
        <BilingualInput
          control={form.control}
          name="name"
          label={{ zh: t('roomNameZh'), en: t('roomNameEn') }}
          required
          testId={`${prefix}-name`}
        />
        <Group align="flex-end" gap="xs">
          <Controller
            control={form.control}
            name="capacity"
            render={({ field }) => (
              <NumberInput
                label={t('capacity')}
                min={0}
                allowDecimal={false}
                value={(field.value ?? '') as number | ''}
                onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                error={fieldError('capacity')}
                data-testid={`${prefix}-capacity`}
              />
            )}
          />
          <SubmitButton error={formError} data-testid={`${prefix}-save`}>
            {roomId ? t('save') : t('roomAdd')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function DayForm({ dayId, initial, onDone }: { dayId: number | null; initial: DayInput; onDone: () => void }) {
  const t = useTranslations('programmeEditor');
  const { changeOrThrow } = useDraft();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZDayInput,
    values: initial,
    call: async (values) => changeOrThrow(dayId ? `/days/${dayId}` : '/days', { method: dayId ? 'PUT' : 'POST', body: values }),
    success: t('saved'),
    onSuccess: () => {
      if (!dayId) form.reset({ day: '', title: { zh: '', en: '' } });
      onDone();
    },
  });
  const prefix = dayId ? `day-${dayId}` : 'day-new';
  return (
    <form onSubmit={submit} noValidate data-testid={`${prefix}-form`}>
      <Stack gap="xs">
        <TextInput
          type="date"
          label={t('date')}
          required
          error={fieldError('day')}
          data-testid={`${prefix}-date`}
          {...form.register('day')}
        />
        <BilingualInput
          control={form.control}
          name="title"
          label={{ zh: t('dayTitleZh'), en: t('dayTitleEn') }}
          testId={`${prefix}-title`}
        />
        <SubmitButton error={formError} data-testid={`${prefix}-save`}>
          {dayId ? t('save') : t('dayAdd')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** Rooms (the grid's columns, in order), days (its tabs) and the programme's settings, on the editor's second tab. */
export function RoomsAndDays() {
  const t = useTranslations('programmeEditor');
  const { draft, text, change } = useDraft();
  const ask = useConfirm();
  const [editing, setEditing] = useState<string | null>(null);
  const move = (index: number, by: number) => {
    const ids = draft.rooms.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id);
    return change('/rooms/order', { method: 'PUT', body: { ids } });
  };
  const remove = async (path: string) => {
    if (await ask(t('deleteConfirm'))) await change(path, { method: 'DELETE' });
  };
  return (
    <Stack gap="lg">
      <section aria-labelledby="rooms-title">
        <Title order={4} id="rooms-title" mb="xs">
          {t('rooms')}
        </Title>
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="rooms-list">
          {draft.rooms.map((room, i) => (
            <li key={room.id} className={classes.item} data-testid={`room-${room.id}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" fw={600}>
                  {text(room.name)}
                  {room.capacity !== null ? ` · ${t('capacityValue', { count: room.capacity })}` : ''}
                </Text>
                <Group gap={4}>
                  <ActionIcon
                    variant="default"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('roomUp', { room: text(room.name) })}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    disabled={i === draft.rooms.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('roomDown', { room: text(room.name) })}
                  >
                    ↓
                  </ActionIcon>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setEditing(editing === `room-${room.id}` ? null : `room-${room.id}`)}
                    aria-label={t('editNamed', { title: text(room.name) })}
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => remove(`/rooms/${room.id}`)}
                    aria-label={t('deleteNamed', { title: text(room.name) })}
                    data-testid={`room-delete-${room.id}`}
                  >
                    {t('delete')}
                  </Button>
                </Group>
              </Group>
              {editing === `room-${room.id}` ? (
                <RoomForm roomId={room.id} initial={{ name: room.name, capacity: room.capacity ?? '' }} onDone={() => setEditing(null)} />
              ) : null}
            </li>
          ))}
        </Stack>
        <Paper withBorder p="sm" mt="xs">
          <RoomForm roomId={null} initial={{ name: { zh: '', en: '' }, capacity: '' }} onDone={() => undefined} />
        </Paper>
      </section>
      <section aria-labelledby="days-title">
        <Title order={4} id="days-title" mb="xs">
          {t('days')}
        </Title>
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="days-list">
          {draft.days.map((day) => (
            <li key={day.id} className={classes.item} data-testid={`day-${day.id}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" fw={600}>
                  {day.day} {localizedOrEmpty(text(day.title), t('untitled'))}
                </Text>
                <Group gap={4}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setEditing(editing === `day-${day.id}` ? null : `day-${day.id}`)}
                    aria-label={t('editNamed', { title: day.day })}
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => remove(`/days/${day.id}`)}
                    aria-label={t('deleteNamed', { title: day.day })}
                    data-testid={`day-delete-${day.id}`}
                  >
                    {t('delete')}
                  </Button>
                </Group>
              </Group>
              {editing === `day-${day.id}` ? (
                <DayForm dayId={day.id} initial={{ day: day.day, title: day.title }} onDone={() => setEditing(null)} />
              ) : null}
            </li>
          ))}
        </Stack>
        <Paper withBorder p="sm" mt="xs">
          <DayForm dayId={null} initial={{ day: '', title: { zh: '', en: '' } }} onDone={() => undefined} />
        </Paper>
      </section>
      <section aria-labelledby="settings-title">
        <Title order={4} id="settings-title" mb="xs">
          {t('settings')}
        </Title>
        <Switch
          label={t('showSlides')}
          description={t('showSlidesHint')}
          checked={draft.showSlides}
          onChange={(e) => change('/settings', { method: 'PUT', body: { showSlides: e.currentTarget.checked } })}
          data-testid="show-slides"
        />
      </section>
    </Stack>
  );
}

const localizedOrEmpty = (value: string, untitled: string) => (value === untitled ? '' : value);
