-- Searched lists (db/list-search.ts): a 1-2 character term is one range of lower(column) text_pattern_ops
-- (LIKE 'ma%'), in place of the prefix indexes keyed by lower(left(column, n)) for the old ordered walks.
DROP INDEX "searches_term_p1_idx";--> statement-breakpoint
DROP INDEX "searches_term_p2_idx";--> statement-breakpoint
DROP INDEX "users_name_p1_idx";--> statement-breakpoint
DROP INDEX "users_name_p2_idx";--> statement-breakpoint
DROP INDEX "users_username_p1_idx";--> statement-breakpoint
DROP INDEX "users_username_p2_idx";--> statement-breakpoint
CREATE INDEX "searches_term_prefix_idx" ON "searches" USING btree (lower("search_term") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);