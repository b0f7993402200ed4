/**
 * The conference of the book-of-abstracts browser test (e2e/programme-book.spec.ts, planted by
 * e2e/seed-programme-book.ts): published, with one published programme version (the sample of
 * testing/fixtures/programme.ts) whose book the server builds in the background after it starts.
 */
export const PROGRAMME_BOOK = {
  slug: 'abstracts',
  manager: 'abstracts-manager@confhub.test',
  title: { zh: '摘要集测试会议', en: 'Abstracts Test Conference' },
} as const;
