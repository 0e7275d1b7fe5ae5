-- A user's follows rows end in the other side's id: the newest-first page needs no sort, and a keyword's
-- total (db/subset-search.ts) reads the members from the index alone.
DROP INDEX "follows_following_idx";--> statement-breakpoint
DROP INDEX "follows_follower_idx";--> statement-breakpoint
CREATE INDEX "follows_following_idx" ON "follows" USING btree ("following_id","created_at","follower_id");--> statement-breakpoint
CREATE INDEX "follows_follower_idx" ON "follows" USING btree ("follower_id","created_at","following_id");