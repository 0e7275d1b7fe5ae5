import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Row counts of the lists' unfiltered views, kept exact by statement-level triggers in the same
 * transaction as the writes (migration 0002, `list_counts_sync`). A count is the sum of its slots:
 * each connection writes to its own slot (pid % 8), so concurrent inserts do not queue on one row.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    name: text('name').notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);
