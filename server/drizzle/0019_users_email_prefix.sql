-- A 1-2 character term on the email (followers, staff, posts search it beside name and username):
-- one key of these, so a rare term reads its few users where every follower was probed ('zq' among
-- 51,000 followers at 1,000,000 users: 211,000 buffers).
CREATE INDEX "users_email_p1_idx" ON "users" USING btree (lower(left("email", 1)));--> statement-breakpoint
CREATE INDEX "users_email_p2_idx" ON "users" USING btree (lower(left("email", 2)));--> statement-breakpoint
ANALYZE "users";
