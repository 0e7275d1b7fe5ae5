-- Search terms of 1-2 characters (issue 12) match the first characters of a column, as
-- lower(left(col, n)) = term: indexes keyed by those characters, then by a sort column, give ordered
-- walks that stop at the page. The users' included columns (written here by hand: drizzle's index
-- builder has no INCLUDE) make the capped counts and the filtered walks index-only.
DROP INDEX "searches_term_prefix_idx";--> statement-breakpoint
DROP INDEX "users_name_prefix_idx";--> statement-breakpoint
DROP INDEX "users_username_prefix_idx";--> statement-breakpoint
CREATE INDEX "searches_term_p1_idx" ON "searches" USING btree (lower(left("search_term", 1)),"created_at","id");--> statement-breakpoint
CREATE INDEX "searches_term_p2_idx" ON "searches" USING btree (lower(left("search_term", 2)),"created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_p1_idx" ON "users" USING btree (lower(left("name", 1)),"username","id") INCLUDE ("name","deleted_at","is_admin");--> statement-breakpoint
CREATE INDEX "users_name_p2_idx" ON "users" USING btree (lower(left("name", 2)),"username","id") INCLUDE ("name","deleted_at","is_admin");--> statement-breakpoint
CREATE INDEX "users_username_p1_idx" ON "users" USING btree (lower(left("username", 1)),"name","id") INCLUDE ("username","deleted_at","is_admin");--> statement-breakpoint
CREATE INDEX "users_username_p2_idx" ON "users" USING btree (lower(left("username", 2)),"name","id") INCLUDE ("username","deleted_at","is_admin");
