'use client';

import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { apiFetch, ApiError } from '@/components/ui/api-client';
import { StatusBadge } from '@/components/ui/status-badge';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import type { Attendee } from '@/lib/onsite/attendee';
import type { CheckinOutcome } from '@/lib/onsite/check-in';
import { OFFLINE_CHECKIN_MAX_AGE_MS } from '@/lib/onsite/offline-queue';
import { AttendeeCard } from './attendee-card';
import { useCheckinQueue, type Replayed } from './checkin-queue';
import { QrScanner } from './qr-scanner';

type List = { id: number; kind: 'door' | 'fee'; title: LocalizedText | null };
type Current = { attendee: Attendee; token?: string };
type Note = { tone: 'ok' | 'warn' | 'error'; text: string };

/**
 * The door's screen, phone first: pick a list, scan a ticket with the camera or search, see the registrant, tap to
 * check in or undo. Without a network, check-ins wait on the phone and are sent when it is back.
 */
export function CheckinDesk({
  lists,
  locale,
  timeZone,
  contactSearch,
}: {
  lists: List[];
  locale: Locale;
  timeZone: string;
  /** The organiser let the door search by email and phone (the hint says so). */
  contactSearch: boolean;
}) {
  const t = useTranslations('checkin');
  const te = useTranslations('errors');
  const call = { locale, networkMessage: te('network') };
  const [listId, setListId] = useState(lists[0]?.id ?? 0);
  const [current, setCurrent] = useState<Current | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Attendee[] | null>(null);
  const [busy, setBusy] = useState(false);
  // Who this desk itself has just checked in: their card confirms it instead of warning "already checked in".
  const [mine, setMine] = useState<ReadonlySet<number>>(new Set());
  const markMine = (o: CheckinOutcome) => {
    const id = o.attendee?.registrationId;
    if (o.result === 'checked-in' && id !== undefined) setMine((m) => new Set(m).add(id));
  };
  const queue = useCheckinQueue({
    ...call,
    expiredMessage: t('queueExpired', { hours: OFFLINE_CHECKIN_MAX_AGE_MS / 3_600_000 }),
    // A check-in sent once the network is back: its card shows the holder as now checked in, and the note what came
    // of it (not the network failure of before).
    onReplayed: (r) => {
      if (!r.outcome) return;
      markMine(r.outcome);
      if (r.outcome.attendee) replace(r.outcome.attendee);
      setNote(describe(r.outcome));
    },
  });
  const answer = useRef<HTMLDivElement>(null);
  // A scanned card or the search's results come into view on a phone, their buttons with them.
  useEffect(() => {
    if (current || found?.length) answer.current?.scrollIntoView({ block: 'start' });
  }, [current, found]);
  const listName = (l: List) => (l.kind === 'door' ? t('doorList') : localized(l.title, locale));

  const describe = (o: CheckinOutcome): Note => {
    if (o.result === 'checked-in') return { tone: 'ok', text: t('done', { name: o.attendee.name }) };
    if (o.result === 'already') return { tone: 'warn', text: t('already', { name: o.attendee.name }) };
    if (o.result === 'undone') return { tone: 'warn', text: t('undoneSince', { name: o.attendee.name }) };
    if (o.reason === 'not-on-list') return { tone: 'error', text: t('notOnList', { name: o.attendee.name }) };
    return { tone: 'error', text: t('invalidTicket') };
  };
  const fail = (error: unknown) => setNote({ tone: 'error', text: error instanceof ApiError ? error.message : te('network') });
  const replace = (a: Attendee) => {
    setCurrent((c) => (c && c.attendee.registrationId === a.registrationId ? { ...c, attendee: a } : c));
    // A search result keeps the email or phone it was found by.
    setFound((f) => f?.map((x) => (x.registrationId === a.registrationId ? { ...a, contact: x.contact } : x)) ?? null);
  };

  const scan = async (token: string) => {
    setFound(null);
    setNote(null);
    if (!navigator.onLine) {
      await queue.checkIn({ listId, token, label: '' });
      setCurrent(null);
      setNote({ tone: 'warn', text: t('queued') });
      return;
    }
    setBusy(true);
    try {
      const o = await apiFetch<CheckinOutcome | { result: 'found'; attendee: Attendee }>('/conference/manage/checkin/scan', {
        ...call,
        body: { listId, token },
      });
      if (o.result === 'found') setCurrent({ attendee: o.attendee, token });
      else {
        setCurrent(o.attendee ? { attendee: o.attendee } : null);
        markMine(o);
        setNote(describe(o));
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NETWORK') {
        await queue.checkIn({ listId, token, label: '' });
        setNote({ tone: 'warn', text: t('queued') });
      } else fail(error);
    } finally {
      setBusy(false);
    }
  };

  const checkIn = async (attendee: Attendee, token?: string) => {
    setBusy(true);
    try {
      const o = await queue.checkIn(
        token ? { listId, token, label: attendee.name } : { listId, registrationId: attendee.registrationId, label: attendee.name },
      );
      if (!o) setNote({ tone: 'warn', text: t('queued') });
      else {
        markMine(o);
        setNote(describe(o));
        if (o.attendee) replace(o.attendee);
      }
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const undo = async (attendee: Attendee) => {
    setBusy(true);
    try {
      const o = await apiFetch<{ attendee: Attendee }>('/conference/manage/checkin/undo', {
        ...call,
        body: { listId, registrationId: attendee.registrationId },
      });
      replace(o.attendee);
      setMine((m) => {
        const next = new Set(m);
        next.delete(attendee.registrationId);
        return next;
      });
      setNote({ tone: 'ok', text: t('undoneNow', { name: attendee.name }) });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const search = async (event: React.FormEvent) => {
    event.preventDefault();
    setNote(null);
    setCurrent(null);
    try {
      const o = await apiFetch<{ attendees: Attendee[] }>(
        `/conference/manage/checkin/search?${new URLSearchParams({ listId: String(listId), q })}`,
        call,
      );
      setFound(o.attendees);
    } catch (error) {
      fail(error);
    }
  };

  const replayedText = (r: Replayed) => (r.outcome ? describe(r.outcome).text : [r.item.label, r.error].filter(Boolean).join(' · '));
  const color = { ok: 'green', warn: 'yellow', error: 'red' } as const;

  return (
    <Stack gap="md" maw={560} data-testid="checkin-desk">
      <Title order={2}>{t('title')}</Title>
      <NativeSelect
        label={t('list')}
        value={String(listId)}
        onChange={(e) => {
          setListId(Number(e.currentTarget.value));
          setCurrent(null);
          setFound(null);
          setNote(null);
        }}
        data={lists.map((l) => ({ value: String(l.id), label: listName(l) }))}
        data-testid="checkin-list"
      />
      <QrScanner onScan={(text) => void scan(text)} />
      <div ref={answer} style={{ scrollMarginTop: 8 }} />
      {note && (
        <Alert color={color[note.tone]} variant="light" role="status" data-testid="checkin-note" data-tone={note.tone}>
          {note.text}
        </Alert>
      )}
      {current && (
        <AttendeeCard
          attendee={current.attendee}
          locale={locale}
          timeZone={timeZone}
          busy={busy}
          checkedInHere={mine.has(current.attendee.registrationId)}
          onCheckIn={() => void checkIn(current.attendee, current.token)}
          onUndo={() => void undo(current.attendee)}
        />
      )}
      <form onSubmit={search} role="search">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('search')}
            description={t(contactSearch ? 'searchHintContact' : 'searchHint')}
            value={q}
            minLength={2}
            maxLength={100}
            onChange={(e) => setQ(e.currentTarget.value)}
            data-testid="checkin-search"
          />
          <Button type="submit" disabled={q.trim().length < 2} data-testid="checkin-search-submit">
            {t('searchButton')}
          </Button>
        </Group>
      </form>
      {found && found.length === 0 && <Text c="dimmed">{t('noMatch')}</Text>}
      {found?.map((a) => (
        <AttendeeCard
          key={a.registrationId}
          attendee={a}
          locale={locale}
          timeZone={timeZone}
          busy={busy}
          checkedInHere={mine.has(a.registrationId)}
          onCheckIn={() => void checkIn(a)}
          onUndo={() => void undo(a)}
          testId="checkin-result"
        />
      ))}
      {(queue.pending.length > 0 || queue.replayed.length > 0) && (
        <Paper withBorder p="sm" data-testid="checkin-queue">
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={600}>{t('queueTitle')}</Text>
              <StatusBadge color={queue.pending.length ? 'yellow.9' : 'gray'} data-testid="checkin-pending">
                {t('pending', { count: queue.pending.length })}
              </StatusBadge>
            </Group>
            {queue.pending.map((p) => (
              <Text key={p.clientId} size="sm" data-testid="checkin-pending-item">
                {p.label || t('scannedTicket')} · {t('waiting')}
              </Text>
            ))}
            {queue.replayed.map((r) => (
              <Text key={r.item.clientId} size="sm" data-testid="checkin-replayed">
                {replayedText(r)}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
