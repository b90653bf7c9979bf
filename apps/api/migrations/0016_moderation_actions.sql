CREATE TYPE "public"."moderation_action_kind" AS ENUM('dismiss', 'hide', 'remove', 'warn', 'suspend', 'restore');--> statement-breakpoint
CREATE TYPE "public"."takedown_relationship" AS ENUM('self', 'rights_holder', 'agent', 'other');--> statement-breakpoint
CREATE TYPE "public"."takedown_status" AS ENUM('unconfirmed', 'open', 'dismissed', 'actioned');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'moderation';--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"moderator_id" uuid,
	"moderator_name" text NOT NULL,
	"action" "moderation_action_kind" NOT NULL,
	"target_kind" "report_target_kind" NOT NULL,
	"target_id" uuid NOT NULL,
	"target_owner_id" uuid,
	"target_owner_name" text,
	"target_summary" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"suspended_until" timestamp with time zone,
	"reports_closed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_digests" (
	"day" date PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"target_kind" "report_target_kind",
	"target_id" uuid,
	"relationship" "takedown_relationship" NOT NULL,
	"reason" "report_reason" NOT NULL,
	"details" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"status" "takedown_status" DEFAULT 'unconfirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takedown_requests" ADD CONSTRAINT "takedown_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_owner_idx" ON "moderation_actions" USING btree ("target_owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_requests_token_key" ON "takedown_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "takedown_requests_open_idx" ON "takedown_requests" USING btree ("confirmed_at") WHERE "takedown_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "takedown_requests_target_idx" ON "takedown_requests" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "takedown_requests_email_created_idx" ON "takedown_requests" USING btree ("email","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id") WHERE "users"."suspended_until" is not null;--> statement-breakpoint
-- The audit log is append-only (docs/moderation.md#audit-log): a row, once written, is neither
-- changed nor deleted, whoever asks.
CREATE FUNCTION "ekispot_moderation_actions_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_actions is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_actions_append_only"
  BEFORE UPDATE OR DELETE ON "moderation_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ekispot_moderation_actions_append_only"();
