/** Tables of the users-and-permissions module (issue: accounts). */
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Additions and deletions of an e-mail address as a user, kept to refuse an address that is added
 * and deleted over and over (20052). Rows older than the churn window are no longer read.
 */
export const userEmailEvents = pgTable(
  'user_email_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    kind: text('kind').notNull(), // added | deleted
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('user_email_events_email_idx').on(t.email, t.at)],
);
