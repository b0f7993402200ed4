/** Accounts the landing and names test (e2e/landing.spec.ts) relies on, planted on the demo by e2e/seed-landing.ts. */
export const LANDING = {
  /** Registered on the demo with a phone, organisation and country in the registration, nothing in the profile. */
  registered: { zh: 'landing-registered-zh@confhub.test', en: 'landing-registered-en@confhub.test' },
  registration: { telephone: '+86 10 8888 6666', unit: '中国科学院物理研究所', country: 'DE', countryName: { zh: '德国', en: 'Germany' } },
  /** Signed-up accounts that never registered for the demo. */
  unregistered: { zh: 'landing-new-zh@confhub.test', en: 'landing-new-en@confhub.test' },
  /** Pending reviewer invitations of the demo to addresses without an account, with the keys their links carry. */
  reviewers: {
    zh: { email: 'landing-reviewer-zh@confhub.test', key: 'LandingReviewerInvitationKeyZh0000000000000' },
    en: { email: 'landing-reviewer-en@confhub.test', key: 'LandingReviewerInvitationKeyEn0000000000000' },
  },
} as const;
