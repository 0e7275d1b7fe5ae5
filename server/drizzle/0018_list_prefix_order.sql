-- Searched lists (db/list-search.ts): a 1-2 character term is lower(left(column, n)) = term, one key of
-- these indexes, its matches in the order of the list that pages them (users by name, searches by term):
-- the page reads its rows and stops, where the text_pattern_ops range read and sorted every match
-- ('ma' by name at 1,000,000 users: 75,000 rows, the whole table's pages).
DROP INDEX "searches_term_prefix_idx";--> statement-breakpoint
DROP INDEX "users_name_prefix_idx";--> statement-breakpoint
DROP INDEX "users_username_prefix_idx";--> statement-breakpoint
CREATE INDEX "searches_term_p1_idx" ON "searches" USING btree (lower(left("search_term", 1)),"search_term","id");--> statement-breakpoint
CREATE INDEX "searches_term_p2_idx" ON "searches" USING btree (lower(left("search_term", 2)),"search_term","id");--> statement-breakpoint
CREATE INDEX "users_name_p1_idx" ON "users" USING btree (lower(left("name", 1)),"name","id","deleted_at","is_admin");--> statement-breakpoint
CREATE INDEX "users_name_p2_idx" ON "users" USING btree (lower(left("name", 2)),"name","id","deleted_at","is_admin");--> statement-breakpoint
CREATE INDEX "users_username_p1_idx" ON "users" USING btree (lower(left("username", 1)),"name","id","deleted_at","is_admin");--> statement-breakpoint
CREATE INDEX "users_username_p2_idx" ON "users" USING btree (lower(left("username", 2)),"name","id","deleted_at","is_admin");--> statement-breakpoint
-- The planner's statistics of the new index expressions (what share of users a 1-2 character term matches).
ANALYZE "users";--> statement-breakpoint
ANALYZE "searches";
