/**
 * The conferences of the programme editor's browser test (e2e/programme-editor.spec.ts), planted by
 * e2e/seed-programme.ts: each with an organiser, a call with a theme and three accepted submissions (two by the same
 * author, so placing them side by side is a conflict). The `build` ones start with an empty draft; the `phone` ones
 * with a day, a room and a placed session holding the three talks.
 */
export const PROGRAMME_E2E = {
  manager: 'programme-manager@confhub.test',
  build: { zh: 'prog-zh', en: 'prog-en' },
  phone: { zh: 'prog-phone-zh', en: 'prog-phone-en' },
  /** The author of two of the accepted submissions. */
  sharedAuthor: 'shared.author@confhub.test',
  day: '2030-10-12',
} as const;
