import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Row counts of the lists' unfiltered views, kept exact by triggers in the same transaction as the
 * writes (migration 0004, `list_counts_sync` per INSERT and DELETE statement; migration 0021,
 * `list_counts_move` per updated row whose counter key changes). A count is the sum of its slots:
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
