'use client';

import { useEffect } from 'react';

/**
 * The visitor's own clock beside the conference's (one island for the whole page): when the browser's time zone
 * shows another wall-clock time than the conference's zone, every `[data-visitor-time]` element (rendered empty and
 * hidden by the server, with `data-start` and optionally `data-end` instants) gets the times in the visitor's zone,
 * written with `label` ("{time} your time") and shown. Nothing happens when the two clocks agree.
 */
export function VisitorTime({ zone, locale, label }: { zone: string; locale: string; label: string }) {
  useEffect(() => {
    const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const intlLocale = locale === 'zh' ? 'zh-CN' : 'en-GB';
    const clock = (timeZone: string) =>
      new Intl.DateTimeFormat(intlLocale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const day = (timeZone: string) => new Intl.DateTimeFormat(intlLocale, { timeZone, month: 'short', day: 'numeric', weekday: 'short' });
    const theirs = clock(zone);
    const ours = clock(mine);
    const theirDay = day(zone);
    const ourDay = day(mine);
    for (const el of document.querySelectorAll<HTMLElement>('[data-visitor-time]')) {
      const start = new Date(el.dataset.start ?? '');
      if (Number.isNaN(start.getTime())) continue;
      if (theirs.format(start) === ours.format(start) && theirDay.format(start) === ourDay.format(start)) continue;
      const end = el.dataset.end ? new Date(el.dataset.end) : null;
      const dayPart = theirDay.format(start) === ourDay.format(start) ? '' : `${ourDay.format(start)} `;
      const time = `${dayPart}${ours.format(start)}${end && !Number.isNaN(end.getTime()) ? `–${ours.format(end)}` : ''}`;
      el.textContent = label.replace('{time}', time);
      el.hidden = false;
    }
  }, [zone, locale, label]);
  return null;
}
