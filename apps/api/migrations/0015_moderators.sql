CREATE TYPE "public"."user_role" AS ENUM('member', 'moderator');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "user_role" DEFAULT 'member' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_moderators_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'moderator';