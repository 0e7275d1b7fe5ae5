-- Calls write their audit entry here, in their own transaction: without indexes it costs the call
-- little. Entries move to audit_log every second and before the trail is read (see the schema).
CREATE TABLE "audit_inbox" (
	"id" bigint DEFAULT nextval('audit_log_id_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_username" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"changes" jsonb,
	"ip" text,
	"user_agent" text,
	"request_id" text
);--> statement-breakpoint
CREATE TRIGGER audit_inbox_no_update BEFORE UPDATE ON audit_inbox FOR EACH ROW EXECUTE FUNCTION audit_log_no_update();
