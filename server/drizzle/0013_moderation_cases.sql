CREATE TABLE "moderation_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"author_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"reviewer_id" integer,
	"claim_expires_at" timestamp with time zone,
	"decision" text,
	"reason" text,
	"note" text,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"undo" jsonb,
	"first_report_at" timestamp with time zone NOT NULL,
	"last_report_at" timestamp with time zone NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"reporter_count" integer DEFAULT 0 NOT NULL,
	"previous_case_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_cases_target_type" CHECK ("moderation_cases"."target_type" IN ('post', 'user')),
	CONSTRAINT "moderation_cases_status" CHECK ("moderation_cases"."status" IN ('open', 'in_review', 'decided'))
);
--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "case_id" integer;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "case_id" integer;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_target_idx" ON "moderation_cases" USING btree ("target_type","target_id") WHERE status <> 'decided';--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_idx" ON "moderation_cases" USING btree ("first_report_at","id") WHERE status <> 'decided';--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_type_idx" ON "moderation_cases" USING btree ("target_type","first_report_at","id") WHERE status <> 'decided';--> statement-breakpoint
CREATE INDEX "moderation_cases_reviewer_idx" ON "moderation_cases" USING btree ("reviewer_id","first_report_at","id") WHERE status <> 'decided';--> statement-breakpoint
CREATE INDEX "moderation_cases_decided_idx" ON "moderation_cases" USING btree ("decided_at","id") WHERE status = 'decided';--> statement-breakpoint
CREATE INDEX "moderation_cases_target_idx" ON "moderation_cases" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "moderation_cases_author_idx" ON "moderation_cases" USING btree ("author_id","id");--> statement-breakpoint
CREATE INDEX "post_reports_case_idx" ON "post_reports" USING btree ("case_id","reported_by_id");--> statement-breakpoint
CREATE INDEX "user_reports_case_idx" ON "user_reports" USING btree ("case_id","reported_by_id");--> statement-breakpoint
-- Hand-written below (issue 36): the reports' links, the report filing triggers and the backfill.
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "moderation_cases"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "moderation_cases"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_previous_fk" FOREIGN KEY ("previous_case_id") REFERENCES "moderation_cases"("id") ON DELETE set null;--> statement-breakpoint
-- A reporter's free-text reason as one of the desk's reasons (the contract's MODERATION_REASONS).
CREATE FUNCTION moderation_reason(raw text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN raw ~* 'spam|scam|fraud' THEN 'spam'
    WHEN raw ~* 'harass|hate|bully|abus' THEN 'harassment'
    WHEN raw ~* 'nud|sex|inappropriate' THEN 'nudity'
    WHEN raw ~* 'violen|threat|weapon' THEN 'violence'
    WHEN raw ~* 'mislead|misinfo|fake|false' THEN 'misinformation'
    ELSE 'other'
  END
$$;
--> statement-breakpoint
-- Files one report: it joins its target's undecided case (the partial unique index makes two
-- reports arriving together meet in one case), or opens a case linked to the target's last
-- decided one. Desks hear of it through NOTIFY (sent when the report commits).
CREATE FUNCTION moderation_file(kind text, target integer, author integer, reason text, at timestamptz, fresh boolean)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  cid integer;
BEGIN
  INSERT INTO moderation_cases AS c (target_type, target_id, author_id, reason, first_report_at,
      last_report_at, report_count, reporter_count, previous_case_id)
  VALUES (kind, target, author, moderation_reason(reason), at, at, 1, 1,
      (SELECT max(id) FROM moderation_cases WHERE target_type = kind AND target_id = target AND status = 'decided'))
  ON CONFLICT (target_type, target_id) WHERE status <> 'decided' DO UPDATE SET
    report_count = c.report_count + 1,
    reporter_count = c.reporter_count + CASE WHEN fresh THEN 1 ELSE 0 END,
    first_report_at = least(c.first_report_at, excluded.first_report_at),
    last_report_at = greatest(c.last_report_at, excluded.last_report_at),
    reason = excluded.reason,
    updated_at = now()
  RETURNING c.id INTO cid;
  -- Channels are per database: the schema tells apart apps sharing one (tests, one schema each).
  PERFORM pg_notify('moderation_reports', current_schema() || ':' || cid);
  RETURN cid;
END
$$;
--> statement-breakpoint
CREATE FUNCTION moderation_file_post_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.case_id := moderation_file('post', NEW.post_id,
    (SELECT user_id FROM posts WHERE id = NEW.post_id), NEW.reason, NEW.created_at,
    NOT EXISTS (SELECT 1 FROM post_reports r JOIN moderation_cases c ON c.id = r.case_id
      WHERE c.target_type = 'post' AND c.target_id = NEW.post_id AND c.status <> 'decided'
        AND r.reported_by_id = NEW.reported_by_id));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION moderation_file_user_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.case_id := moderation_file('user', NEW.reported_user_id, NEW.reported_user_id, NEW.reason, NEW.created_at,
    NOT EXISTS (SELECT 1 FROM user_reports r JOIN moderation_cases c ON c.id = r.case_id
      WHERE c.target_type = 'user' AND c.target_id = NEW.reported_user_id AND c.status <> 'decided'
        AND r.reported_by_id = NEW.reported_by_id));
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The existing reports: one case per target, open unless the target is already deleted.
INSERT INTO moderation_cases (target_type, target_id, author_id, status, reason, first_report_at,
    last_report_at, report_count, reporter_count, decision, decided_at, note, created_at)
SELECT 'post', r.post_id, p.user_id, CASE WHEN p.deleted_at IS NULL THEN 'open' ELSE 'decided' END,
  moderation_reason((array_agg(r.reason ORDER BY r.created_at DESC, r.id DESC))[1]),
  min(r.created_at), max(r.created_at), count(*), count(DISTINCT r.reported_by_id),
  CASE WHEN p.deleted_at IS NULL THEN NULL ELSE 'remove_post' END, p.deleted_at,
  CASE WHEN p.deleted_at IS NULL THEN NULL ELSE 'The post was deleted before the moderation desk opened' END,
  min(r.created_at)
FROM post_reports r JOIN posts p ON p.id = r.post_id
GROUP BY r.post_id, p.user_id, p.deleted_at;
--> statement-breakpoint
INSERT INTO moderation_cases (target_type, target_id, author_id, status, reason, first_report_at,
    last_report_at, report_count, reporter_count, decision, decided_at, note, created_at)
SELECT 'user', r.reported_user_id, r.reported_user_id, CASE WHEN u.deleted_at IS NULL THEN 'open' ELSE 'decided' END,
  moderation_reason((array_agg(r.reason ORDER BY r.created_at DESC, r.id DESC))[1]),
  min(r.created_at), max(r.created_at), count(*), count(DISTINCT r.reported_by_id),
  CASE WHEN u.deleted_at IS NULL THEN NULL ELSE 'dismiss' END, u.deleted_at,
  CASE WHEN u.deleted_at IS NULL THEN NULL ELSE 'The account was deleted before the moderation desk opened' END,
  min(r.created_at)
FROM user_reports r JOIN users u ON u.id = r.reported_user_id
GROUP BY r.reported_user_id, u.deleted_at;
--> statement-breakpoint
UPDATE post_reports r SET case_id = c.id, resolved_at = c.decided_at
FROM moderation_cases c WHERE c.target_type = 'post' AND c.target_id = r.post_id;
--> statement-breakpoint
UPDATE user_reports r SET case_id = c.id, resolved_at = c.decided_at
FROM moderation_cases c WHERE c.target_type = 'user' AND c.target_id = r.reported_user_id;
--> statement-breakpoint
CREATE TRIGGER post_reports_file BEFORE INSERT ON post_reports FOR EACH ROW WHEN (NEW.case_id IS NULL)
  EXECUTE FUNCTION moderation_file_post_report();
--> statement-breakpoint
CREATE TRIGGER user_reports_file BEFORE INSERT ON user_reports FOR EACH ROW WHEN (NEW.case_id IS NULL)
  EXECUTE FUNCTION moderation_file_user_report();
