-- Name search (docs/people.md): a name's characters and character pairs, after NFKC and
-- lower-casing, so that any substring of two or more characters (Japanese or Latin) is found
-- through a GIN index on the pairs, and a single character through the characters.
CREATE FUNCTION "ekispot_name_grams"("name" text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(n, i, 1) AS g FROM (SELECT lower(normalize($1, NFKC)) AS n) s,
      generate_series(1, length(n)) AS i
    UNION ALL
    SELECT substr(n, i, 2) FROM (SELECT lower(normalize($1, NFKC)) AS n) s,
      generate_series(1, length(n) - 1) AS i
  ) AS grams
$$;--> statement-breakpoint
-- The grams a search term must find in a name: its pairs, or the character itself.
CREATE FUNCTION "ekispot_query_grams"("q" text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT CASE WHEN length(n) < 2 THEN ARRAY[n]
    ELSE ARRAY(SELECT DISTINCT substr(n, i, 2) FROM generate_series(1, length(n) - 1) AS i) END
  FROM (SELECT lower(normalize($1, NFKC)) AS n) AS s
$$;--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self_check" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "mutes" (
	"muter_id" uuid NOT NULL,
	"muted_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mutes_muter_id_muted_id_pk" PRIMARY KEY("muter_id","muted_id"),
	CONSTRAINT "mutes_not_self_check" CHECK ("mutes"."muter_id" <> "mutes"."muted_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "actions_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_muter_id_users_id_fk" FOREIGN KEY ("muter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_muted_id_users_id_fk" FOREIGN KEY ("muted_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocker_created_idx" ON "blocks" USING btree ("blocker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "mutes_muter_created_idx" ON "mutes" USING btree ("muter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mutes_muted_idx" ON "mutes" USING btree ("muted_id");--> statement-breakpoint
CREATE INDEX "users_follower_count_id_idx" ON "users" USING btree ("follower_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_name_grams_idx" ON "users" USING gin (ekispot_name_grams("name"));--> statement-breakpoint
-- Counters start from the rows already there.
UPDATE "users" AS u SET
  "follower_count" = (SELECT count(*) FROM "follows" WHERE "followee_id" = u."id"),
  "following_count" = (SELECT count(*) FROM "follows" WHERE "follower_id" = u."id");
