-- Group names are unique case-insensitively: adding or renaming a group probes this index instead of
-- reading every group (and every dead version of one) to check the name.
CREATE INDEX "groups_name_lower_idx" ON "groups" USING btree (lower("name"));
