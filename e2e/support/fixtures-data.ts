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
  /** A demo account that never registers: the registration form drawn for the budget, phone and axe tests (e2e/light-forms.spec.ts). */
  formVisitor: 'form-visitor@confhub.test',
  /** Registered on the demo with an unpaid registration fee, banquet and tour each: the payment test pays them (one per language). */
  payers: ['payer-zh@confhub.test', 'payer-en@confhub.test'],
  /** Registrants of the demo whose registration fee is paid (e2e/invoices.spec.ts: e-invoices, zh and en). */
  financePayers: { zh: 'finance-zh@confhub.test', en: 'finance-en@confhub.test' },
  /**
   * A published conference of its own for the hotel test (e2e/hotel.spec.ts): no hotel until its
   * organiser adds them; bank transfer on; every guest registered (one per language, each with a
   * second participant who takes the last room first, and one on a phone).
   */
  innSlug: 'inn',
  innManager: 'inn-manager@confhub.test',
  innGuests: {
    zh: { email: 'inn-guest-zh@confhub.test', name: '韩梅梅' },
    en: { email: 'inn-guest-en@confhub.test', name: 'Ada Lovelace' },
    firstZh: { email: 'inn-first-zh@confhub.test', name: '李雷' },
    firstEn: { email: 'inn-first-en@confhub.test', name: 'Alan Turing' },
    phone: { email: 'inn-phone@confhub.test', name: '王小明' },
  },
  /**
   * A published conference of its own for the notices and downloads test (e2e/notices.spec.ts): an
   * organiser, a registered reader per language (and one on a phone), and a signed-in account that
   * never registered.
   */
  newsSlug: 'news',
  newsManager: 'news-manager@confhub.test',
  newsReaders: {
    zh: { email: 'news-reader-zh@confhub.test', name: '赵敏' },
    en: { email: 'news-reader-en@confhub.test', name: 'Grace Hopper' },
    phone: { email: 'news-reader-phone@confhub.test', name: '周芷若' },
  },
  newsOutsider: 'news-outsider@confhub.test',
  /**
   * A published conference of its own for the mail test (e2e/mail.spec.ts): no mail setup until its
   * organiser makes one; two registrants, one registered in each language.
   */
  postSlug: 'post',
  postManager: 'post-manager@confhub.test',
  postRegistrants: {
    zh: { email: 'post-zh@confhub.test', name: '李华' },
    en: { email: 'post-en@confhub.test', name: 'Grace Hopper' },
  },
  /**
   * The phone test's participant on the demo (e2e/phones.spec.ts, planted by e2e/seed-phones.ts): a
   * paid registration fee, an unpaid banquet, a hotel booking to pay and a submission.
   */
  phoneParticipant: { email: 'phone-participant@confhub.test', name: '王小明' },
  /** Registrants of the demo whose registration fee is paid, one per language: their ticket on /profile (e2e/tickets.spec.ts). */
  ticketHolders: {
    zh: { email: 'ticket-zh@confhub.test', name: '张小票' },
    en: { email: 'ticket-en@confhub.test', name: 'Tina Ticket' },
  },
  /** A paid registrant of the demo whose ticket the organiser reissues (e2e/tickets.spec.ts): nobody else uses it. */
  ticketReissue: { email: 'ticket-reissue@confhub.test', name: '补发票' },
  /** Registered on the demo with its registration fee unpaid: no ticket (e2e/tickets.spec.ts). */
  ticketUnpaid: { email: 'ticket-unpaid@confhub.test', name: '未缴费' },
  /**
   * A published conference of its own for the pay-by test (e2e/pay-by.spec.ts), in New York's time
   * zone: a registration fee available until 2027-11-27, and a registrant per language holding an
   * unpaid order of it, placed when the seed ran.
   */
  paybySlug: 'payby',
  paybyManager: 'payby-manager@confhub.test',
  paybyTimeZone: 'America/New_York',
  paybyFeeDeadline: '2027-11-27',
  paybyRegistrants: {
    zh: { email: 'payby-zh@confhub.test', name: '钱多多' },
    en: { email: 'payby-en@confhub.test', name: 'Mary Payne' },
  },
  /**
   * A published conference over since October 2025 for the certificates (e2e/onsite-docs.spec.ts, planted by
   * e2e/seed-certificates.ts): its certificate text, a door check-in list, and an attendee per language checked in at
   * the door; the Chinese one's certificate is issued with the code below.
   */
  certSlug: 'certs',
  certManager: 'certs-manager@confhub.test',
  certAttendees: {
    zh: { email: 'cert-zh@confhub.test', name: '林参会', latinName: 'Canhui Lin' },
    en: { email: 'cert-en@confhub.test', name: 'Ada Attendee', latinName: '' },
  },
  /** The verification code of the Chinese attendee's certificate, as printed. */
  certCode: 'E2EC-ERT0-0000-0001',
  /** One sign-in across the sites (e2e/sso.spec.ts): two conference sites, one on its own domain, and their accounts. */
  sso: {
    slugs: ['ssoa', 'ssob'],
    domainSlug: 'ssodom',
    domain: 'ssoconf.test',
    users: {
      zh: 'sso-zh@confhub.test',
      en: 'sso-en@confhub.test',
      domain: 'sso-domain@confhub.test',
      codes: 'sso-codes@confhub.test',
      // The forced sign-in across sites: a victim signed in on the platform, the own domain's organiser as the attacker.
      victimZh: 'sso-victim-zh@confhub.test',
      victimEn: 'sso-victim-en@confhub.test',
      attacker: 'sso-attacker@confhub.test',
    },
  },
} as const;
