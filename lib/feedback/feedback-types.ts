/** The kinds of feedback a participant chooses from (spec §3): shared by the database schema and the forms, db-free. */
export const feedbackTypes = ['registration', 'payment', 'submission', 'hotel', 'invoice', 'website', 'other'] as const;
