'use client';

import { useEffect, useState } from 'react';
import type { Locale } from '@/lib/i18n/localized';
import type { UnitEntry, UnitPage } from '@/lib/units/units';

/** The unit list, fetched once per page load and shared by every unit field. */
let units: Promise<UnitEntry[]> | null = null;

function loadUnits(): Promise<UnitEntry[]> {
  units ??= fetch('/api/home/company/findByQuery', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, size: 99999 }),
    credentials: 'same-origin',
  })
    .then((res) => res.json() as Promise<{ code: number; data: UnitPage }>)
    .then((answer) => (answer.code === 200 ? answer.data.records : []))
    .catch(() => {
      units = null;
      return [];
    });
  return units;
}

/** The units' names in `locale` (spec §7 /home/company/findByQuery), for a field's suggestions; empty until loaded. */
export function useUnitNames(locale: Locale): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let alive = true;
    void loadUnits().then((list) => {
      if (alive) setNames([...new Set(list.map((u) => (locale === 'en' ? u.enTitle : u.zhTitle)))]);
    });
    return () => {
      alive = false;
    };
  }, [locale]);
  return names;
}
