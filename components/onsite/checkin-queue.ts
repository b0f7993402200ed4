'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch, ApiError } from '@/components/ui/api-client';
import type { Locale } from '@/lib/i18n/localized';
import type { CheckinOutcome } from '@/lib/onsite/check-in';
import { offlineCheckinExpired } from '@/lib/onsite/offline-queue';

/** A check-in kept on the phone while the network is away, sent again (same client id) when it is back. */
export type QueuedCheckin = {
  clientId: string;
  listId: number;
  token?: string;
  registrationId?: number;
  scannedAt: string;
  /** What the staff saw: a name from a search, or nothing for a scanned ticket. */
  label: string;
};
export type Replayed = { item: QueuedCheckin; outcome: CheckinOutcome | null; error: string | null };

const STORE = 'confhub-checkin-queue';

function load(): QueuedCheckin[] {
  try {
    const raw = window.localStorage.getItem(STORE);
    const items = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(items) ? (items as QueuedCheckin[]) : [];
  } catch {
    return [];
  }
}

function save(items: QueuedCheckin[]) {
  window.localStorage.setItem(STORE, JSON.stringify(items));
}

export const newClientId = () => crypto.randomUUID();

/**
 * The door's offline queue: a check-in that cannot reach the server is stored in localStorage and shown as pending;
 * it is sent again when the browser is back online (and every few seconds while any wait). The server answers a
 * client id it has seen with the same check-in, so sending twice is harmless. Each replayed scan's result is kept
 * for the staff to see. A check-in kept longer than the queue's maximum age (lib/onsite/offline-queue.ts) is not sent:
 * it is shown with `expiredMessage`, and the staff check the person in again.
 */
export function useCheckinQueue(options: {
  locale: Locale;
  networkMessage: string;
  expiredMessage: string;
  /** Told of each check-in sent from the queue, so the screen can show its holder as they now are. */
  onReplayed?: (result: Replayed) => void;
}) {
  const [pending, setPending] = useState<QueuedCheckin[]>([]);
  const [replayed, setReplayed] = useState<Replayed[]>([]);
  const flushing = useRef(false);
  const { locale, networkMessage, expiredMessage } = options;
  const onReplayed = useRef(options.onReplayed);
  useEffect(() => {
    onReplayed.current = options.onReplayed;
  });

  const send = useCallback(
    (item: QueuedCheckin) =>
      apiFetch<CheckinOutcome>('/conference/manage/checkin', {
        locale,
        networkMessage,
        body: {
          listId: item.listId,
          clientId: item.clientId,
          scannedAt: item.scannedAt,
          ...(item.token ? { token: item.token } : { registrationId: item.registrationId }),
        },
      }),
    [locale, networkMessage],
  );

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      for (const item of load()) {
        let result: Replayed;
        if (offlineCheckinExpired(new Date(item.scannedAt), new Date())) {
          save(load().filter((q) => q.clientId !== item.clientId));
          setReplayed((r) => [{ item, outcome: null, error: expiredMessage }, ...r].slice(0, 20));
          continue;
        }
        try {
          result = { item, outcome: await send(item), error: null };
        } catch (error) {
          if (error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT')) break;
          result = { item, outcome: null, error: error instanceof Error ? error.message : String(error) };
        }
        save(load().filter((q) => q.clientId !== item.clientId));
        setReplayed((r) => [result, ...r].slice(0, 20));
        onReplayed.current?.(result);
      }
    } finally {
      flushing.current = false;
      setPending(load());
    }
  }, [send, expiredMessage]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (load().length > 0 && navigator.onLine) void flush();
    }, 5000);
    void flush();
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [flush]);

  /** Sends a check-in now; without a network it is queued and null is answered. */
  const checkIn = useCallback(
    async (item: Omit<QueuedCheckin, 'clientId' | 'scannedAt'>): Promise<CheckinOutcome | null> => {
      const full: QueuedCheckin = { ...item, clientId: newClientId(), scannedAt: new Date().toISOString() };
      if (typeof navigator !== 'undefined' && !navigator.onLine) {
        save([...load(), full]);
        setPending(load());
        return null;
      }
      try {
        return await send(full);
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT')) {
          save([...load(), full]);
          setPending(load());
          return null;
        }
        throw error;
      }
    },
    [send],
  );

  return { pending, replayed, checkIn, flush };
}
