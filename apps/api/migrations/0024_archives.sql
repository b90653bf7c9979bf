CREATE TYPE "public"."archive_job_status" AS ENUM('pending', 'running', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "archive_import_items" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"target_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archive_import_items_user_id_kind_source_key_pk" PRIMARY KEY("user_id","kind","source_key")
);
--> statement-breakpoint
CREATE TABLE "archive_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"requested_on" date NOT NULL,
	"status" "archive_job_status" DEFAULT 'pending' NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"items_total" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"storage_key" text,
	"byte_size" bigint,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stamps" ALTER COLUMN "distance_bucket" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "record_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "archive_import_items" ADD CONSTRAINT "archive_import_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_jobs" ADD CONSTRAINT "archive_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_jobs_user_day_key" ON "archive_jobs" USING btree ("user_id","requested_on");--> statement-breakpoint
CREATE INDEX "archive_jobs_user_created_idx" ON "archive_jobs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "archive_jobs_due_idx" ON "archive_jobs" USING btree ("created_at") WHERE "archive_jobs"."status" in ('pending', 'running');--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_checked_in_band_check" CHECK ("stamps"."record_only" or "stamps"."distance_bucket" is not null);