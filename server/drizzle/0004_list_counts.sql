CREATE TABLE "list_counts" (
	"name" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "list_counts_name_slot_pk" PRIMARY KEY("name","slot")
);
--> statement-breakpoint
CREATE INDEX "searches_updated_idx" ON "searches" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "searches_term_idx" ON "searches" USING btree ("search_term","id");--> statement-breakpoint
CREATE INDEX "searches_type_id_idx" ON "searches" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "searches_term_prefix_idx" ON "searches" USING btree (lower("search_term") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_idx" ON "users" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_email_desc_idx" ON "users" USING btree ("email" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_last_interacted_idx" ON "users" USING btree ("last_interacted","id");--> statement-breakpoint
CREATE INDEX "users_last_interacted_desc_idx" ON "users" USING btree ("last_interacted" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_backend_idx" ON "users" USING btree ("id") WHERE "users"."is_admin";--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
-- The counters behind the lists' unfiltered totals (issue 12). Each counted table names its rows'
-- counter with a key expression over the row `r`; a list reads the sum of its counter's slots.
CREATE FUNCTION list_count_keys() RETURNS TABLE (tbl text, key_sql text) LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('users', $k$'users:' || CASE WHEN r.is_admin THEN 'backend' ELSE 'platform' END
                || CASE WHEN r.deleted_at IS NULL THEN '' ELSE ':deleted' END$k$),
    ('searches', $k$'searches'$k$),
    ('campaigns', $k$'campaigns' || CASE WHEN r.deleted_at IS NULL THEN '' ELSE ':deleted' END$k$),
    ('transactions', $k$'transactions'$k$),
    ('notifications', $k$'notifications'$k$),
    ('failed_urls', $k$'failed_urls' || CASE WHEN r.failed_in_enrichment THEN ':enrichment' ELSE ':other' END$k$),
    ('interests', $k$'interests'$k$),
    ('signup_codes', $k$'signup_codes'$k$)
$$;
--> statement-breakpoint
-- One aggregated upsert per statement (a bulk load costs one GROUP BY, not a call per row); an
-- UPDATE that moves no row between counters writes nothing, so routine updates take no lock here.
CREATE FUNCTION list_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := TG_ARGV[0];
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s AS key, 1 AS d FROM new_rows r', k)
    WHEN 'DELETE' THEN format('SELECT %s AS key, -1 AS d FROM old_rows r', k)
    ELSE format('SELECT %s AS key, -1 AS d FROM old_rows r UNION ALL SELECT %s, 1 FROM new_rows r', k, k)
  END;
  EXECUTE format(
    'INSERT INTO list_counts AS c (name, slot, n)
     SELECT key, $1, sum(d) FROM (%s) x GROUP BY key HAVING sum(d) <> 0 ORDER BY key
     ON CONFLICT (name, slot) DO UPDATE SET n = c.n + excluded.n', changes)
  USING (pg_backend_pid() % 8)::smallint;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recounts every counter from its table: after a load that ran with triggers off (the scale seed).
CREATE FUNCTION list_counts_refresh() RETURNS void LANGUAGE plpgsql AS $$
DECLARE s record;
BEGIN
  DELETE FROM list_counts;
  FOR s IN SELECT * FROM list_count_keys() LOOP
    EXECUTE format('INSERT INTO list_counts (name, slot, n) SELECT %s, 0, count(*) FROM %I r GROUP BY 1',
      s.key_sql, s.tbl);
  END LOOP;
END $$;
--> statement-breakpoint
DO $$
DECLARE s record;
BEGIN
  FOR s IN SELECT * FROM list_count_keys() LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION list_counts_sync(%L)', s.tbl || '_count_insert', s.tbl, s.key_sql);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION list_counts_sync(%L)', s.tbl || '_count_update', s.tbl, s.key_sql);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION list_counts_sync(%L)', s.tbl || '_count_delete', s.tbl, s.key_sql);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT list_counts_refresh();
