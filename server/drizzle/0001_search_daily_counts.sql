CREATE TABLE "search_daily_counts" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"label" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "search_daily_counts_kind_day_label_pk" PRIMARY KEY("kind","day","label")
);
--> statement-breakpoint
-- Keeps search_daily_counts in step with searches: one aggregated upsert per statement, so a bulk
-- load of millions of rows costs one GROUP BY, not a trigger call per row.
CREATE FUNCTION search_daily_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO search_daily_counts AS c (kind, day, label, total)
    SELECT k.kind, k.day, k.label, -count(*)::int
      FROM old_rows o CROSS JOIN LATERAL (VALUES
        ('all', (o.created_at AT TIME ZONE 'UTC')::date, ''),
        ('term', (o.created_at AT TIME ZONE 'UTC')::date,
          CASE WHEN o.deleted_at IS NULL THEN nullif(lower(trim(o.search_term)), '') END),
        ('website', (o.created_at AT TIME ZONE 'UTC')::date,
          CASE WHEN o.deleted_at IS NULL THEN nullif(lower(o.website), '') END)
      ) AS k(kind, day, label)
     WHERE k.label IS NOT NULL
     GROUP BY 1, 2, 3
    ON CONFLICT (kind, day, label) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_daily_counts AS c (kind, day, label, total)
    SELECT k.kind, k.day, k.label, count(*)::int
      FROM new_rows n CROSS JOIN LATERAL (VALUES
        ('all', (n.created_at AT TIME ZONE 'UTC')::date, ''),
        ('term', (n.created_at AT TIME ZONE 'UTC')::date,
          CASE WHEN n.deleted_at IS NULL THEN nullif(lower(trim(n.search_term)), '') END),
        ('website', (n.created_at AT TIME ZONE 'UTC')::date,
          CASE WHEN n.deleted_at IS NULL THEN nullif(lower(n.website), '') END)
      ) AS k(kind, day, label)
     WHERE k.label IS NOT NULL
     GROUP BY 1, 2, 3
    ON CONFLICT (kind, day, label) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER searches_daily_insert AFTER INSERT ON searches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_daily_counts_sync();
--> statement-breakpoint
CREATE TRIGGER searches_daily_update AFTER UPDATE ON searches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_daily_counts_sync();
--> statement-breakpoint
CREATE TRIGGER searches_daily_delete AFTER DELETE ON searches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_daily_counts_sync();
--> statement-breakpoint
-- The searches already there.
INSERT INTO search_daily_counts (kind, day, label, total)
SELECT k.kind, k.day, k.label, count(*)::int
  FROM searches s CROSS JOIN LATERAL (VALUES
    ('all', (s.created_at AT TIME ZONE 'UTC')::date, ''),
    ('term', (s.created_at AT TIME ZONE 'UTC')::date,
      CASE WHEN s.deleted_at IS NULL THEN nullif(lower(trim(s.search_term)), '') END),
    ('website', (s.created_at AT TIME ZONE 'UTC')::date,
      CASE WHEN s.deleted_at IS NULL THEN nullif(lower(s.website), '') END)
  ) AS k(kind, day, label)
 WHERE k.label IS NOT NULL
 GROUP BY 1, 2, 3;
