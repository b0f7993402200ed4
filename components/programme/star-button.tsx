'use client';

import { useEffect, useState } from 'react';
import { currentReturnAddress, localePath } from '@/lib/i18n/locale-path';
import type { Locale } from '@/lib/i18n/localized';
import styles from './star-button.module.css';

/** The words of the button, from the page's messages (`programmeAgenda`): public pages ship no translations. */
export type StarButtonLabels = { star: string; starred: string; starLabel: string; unstarLabel: string; signIn: string; network: string };

type StarState = { signedIn: boolean; ids: number[] };
type Envelope<T> = { code: number; message: string; data: T };

/** One question per page, however many buttons ask: is the visitor signed in, and which contributions did they star. */
let known: Promise<StarState> | null = null;

function starState(locale: Locale): Promise<StarState> {
  known ??= fetch('/api/conference/programme/stars', { headers: { 'x-locale': locale }, credentials: 'same-origin' })
    .then((res) => res.json() as Promise<Envelope<StarState>>)
    .then((body) => (body.code === 200 ? body.data : { signedIn: false, ids: [] }))
    .catch(() => ({ signedIn: false, ids: [] }));
  return known;
}

/**
 * Stars or unstars one contribution into "my agenda" (issue 23 point 4), for the public programme pages and the
 * agenda itself. Plain React and a CSS module (the public pages load no Mantine and no next-intl): it asks the
 * server once per page whether the visitor is signed in; a visitor gets a link to log in and come back. `starred`
 * given (the agenda page) skips the question. A refusal is shown under the button in the visitor's language.
 */
export function StarButton({
  contributionId,
  title,
  locale,
  labels,
  starred: given,
  testId,
}: {
  contributionId: number;
  /** The contribution's title, for the button's accessible name. */
  title: string;
  locale: Locale;
  labels: StarButtonLabels;
  starred?: boolean;
  testId?: string;
}) {
  const [state, setState] = useState<{ signedIn: boolean; starred: boolean } | null>(
    given === undefined ? null : { signedIn: true, starred: given },
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (given !== undefined) return;
    let live = true;
    void starState(locale).then((s) => {
      if (live) setState({ signedIn: s.signedIn, starred: s.ids.includes(contributionId) });
    });
    return () => {
      live = false;
    };
  }, [given, locale, contributionId]);

  const id = testId ?? `star-${contributionId}`;
  if (state && !state.signedIn) {
    const back = encodeURIComponent(currentReturnAddress());
    return (
      <a className={styles.star} href={localePath(locale, `/conferencelogin?redirect=${back}`)} data-testid={`${id}-login`}>
        <span className={styles.icon} aria-hidden="true">
          ☆
        </span>
        {labels.signIn}
      </a>
    );
  }

  const toggle = async () => {
    if (!state) return;
    const next = !state.starred;
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/conference/programme/stars', {
        method: next ? 'POST' : 'DELETE',
        headers: { 'content-type': 'application/json', 'x-locale': locale },
        credentials: 'same-origin',
        body: JSON.stringify({ contributionId }),
      });
      const body = (await res.json().catch(() => null)) as Envelope<unknown> | null;
      if (!res.ok || body?.code !== 200) {
        setError(body?.message ?? res.statusText);
        return;
      }
      setState({ signedIn: true, starred: next });
      if (known) known = known.then((s) => ({ ...s, ids: next ? [...s.ids, contributionId] : s.ids.filter((x) => x !== contributionId) }));
    } catch {
      setError(labels.network);
    } finally {
      setBusy(false);
    }
  };

  const on = state?.starred ?? false;
  return (
    <span>
      <button
        type="button"
        className={styles.star}
        aria-pressed={on}
        aria-label={(on ? labels.unstarLabel : labels.starLabel).replace('{title}', title)}
        disabled={!state || busy}
        onClick={toggle}
        data-testid={id}
      >
        <span className={styles.icon} aria-hidden="true">
          {on ? '★' : '☆'}
        </span>
        {on ? labels.starred : labels.star}
      </button>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
