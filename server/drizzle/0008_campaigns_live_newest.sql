-- The campaigns list opens newest first (orderBy writes created_at DESC NULLS LAST, id DESC NULLS LAST):
-- this index walks that order over live campaigns and stops at the page, instead of sorting them all.
CREATE INDEX "campaigns_live_newest_idx" ON "campaigns" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;