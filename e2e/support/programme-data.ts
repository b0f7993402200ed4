/** The programme test's conference and accounts (e2e/programme-public.spec.ts), planted by e2e/seed-programme.ts. */
export const PROGRAMME = {
  slug: 'progpub',
  title: { zh: '日程测试会议', en: 'Programme Test Conference' },
  manager: 'progpub-manager@confhub.test',
  /** The author of B-02, accepted but not yet told: they may still withdraw it, which removes it from the programme. */
  author: 'progpub-author@confhub.test',
  /** Presenters of the linked contributions: A-01 in English, A-02 in Chinese. */
  presenters: { en: 'progpub-ana@confhub.test', zh: 'progpub-wang@confhub.test' },
  days: ['2030-10-12', '2030-10-13'],
} as const;
