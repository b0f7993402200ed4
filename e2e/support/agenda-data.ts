/** The conference and accounts of the agenda and presenters' browser test (e2e/programme-agenda.spec.ts), planted by e2e/seed-agenda.ts. */
export const AGENDA = {
  slug: 'agenda',
  /** One participant per language (and one on a phone), each with K1 starred by the seed. */
  participants: { zh: 'agenda-zh@confhub.test', en: 'agenda-en@confhub.test', phone: 'agenda-phone@confhub.test' },
  /** The presenting author of A-01 (zh) and of A-02 (en): their accepted submissions are those contributions. */
  presenters: { zh: 'agenda-presenter-zh@confhub.test', en: 'agenda-presenter-en@confhub.test' },
} as const;
