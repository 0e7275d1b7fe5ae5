-- Calls write their audit entry into audit_log in their own transaction again: what is left in the
-- inbox moves into audit_log as it is (id and time included), then the inbox goes.
INSERT INTO "audit_log" ("id", "created_at", "actor_id", "actor_username", "action", "target_type", "target_id", "changes", "ip", "user_agent", "request_id")
  SELECT "id", "created_at", "actor_id", "actor_username", "action", "target_type", "target_id", "changes", "ip", "user_agent", "request_id" FROM "audit_inbox";--> statement-breakpoint
DROP TABLE "audit_inbox" CASCADE;
