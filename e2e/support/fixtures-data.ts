/** Accounts and conferences the browser tests rely on, planted by e2e/seed.ts. */
export const E2E = {
  draftSlug: 'draft',
  englishOnlySlug: 'intl',
  chineseOnlySlug: 'zhonly',
  closedSlug: 'closed',
  fullSlug: 'full',
  /** A published conference whose organiser builds appearances (its home page changes look). */
  looksSlug: 'looks',
  looksManager: 'looks-manager@confhub.test',
  password: 'E2e-password-2026',
  draftManager: 'draft-manager@confhub.test',
  registeredParticipant: 'registered@confhub.test',
  freshParticipants: ['fresh1@confhub.test', 'fresh2@confhub.test', 'fresh3@confhub.test'],
  resetUser: { email: 'reset-me@confhub.test', name: 'Reset Tester' },
  logoutUser: 'logout@confhub.test',
  /** Registered on the demo with an unpaid registration fee, banquet and tour each: the payment test pays them (one per language). */
  payers: ['payer-zh@confhub.test', 'payer-en@confhub.test'],
} as const;
