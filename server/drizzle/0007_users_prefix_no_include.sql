-- Migration 0006's users prefix indexes included the other name column: with name and username in
-- one index the planner chose to walk all of it for a long term's ILIKE (a second per search at
-- 1,000,000 users) over the trigram indexes. Rebuilt without INCLUDE (a 1-2 character term's capped
-- count reads at most totalCap() rows through them either way).
DROP INDEX "users_name_p1_idx";--> statement-breakpoint
DROP INDEX "users_name_p2_idx";--> statement-breakpoint
DROP INDEX "users_username_p1_idx";--> statement-breakpoint
DROP INDEX "users_username_p2_idx";--> statement-breakpoint
CREATE INDEX "users_name_p1_idx" ON "users" USING btree (lower(left("name", 1)),"username","id");--> statement-breakpoint
CREATE INDEX "users_name_p2_idx" ON "users" USING btree (lower(left("name", 2)),"username","id");--> statement-breakpoint
CREATE INDEX "users_username_p1_idx" ON "users" USING btree (lower(left("username", 1)),"name","id");--> statement-breakpoint
CREATE INDEX "users_username_p2_idx" ON "users" USING btree (lower(left("username", 2)),"name","id");--> statement-breakpoint
CREATE INDEX "users_deleted_name_idx" ON "users" USING btree ("name","id") WHERE "users"."deleted_at" IS NOT NULL AND NOT "users"."is_admin";
