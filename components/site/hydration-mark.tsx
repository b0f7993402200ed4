'use client';

import { useEffect } from 'react';

/** Marks the page interactive once React has hydrated it; browser tests wait for `html[data-hydrated]`. */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', 'true');
  }, []);
  return null;
}
