-- Stamps keep no device position (docs/stamps.md#location-privacy): only the 100 m band.
ALTER TABLE "stamps" ADD COLUMN "distance_bucket" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stamps" ALTER COLUMN "distance_bucket" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stamps" DROP COLUMN "lat";--> statement-breakpoint
ALTER TABLE "stamps" DROP COLUMN "lng";--> statement-breakpoint
ALTER TABLE "stamps" DROP COLUMN "accuracy_m";--> statement-breakpoint
-- Incremental ranking scores (docs/rankings.md).
CREATE TABLE "ranking_scores" (
	"board" text NOT NULL,
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"user_id" uuid NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"achieved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ranking_scores_board_period_starts_on_user_id_pk" PRIMARY KEY("board","period","starts_on","user_id"),
	CONSTRAINT "ranking_scores_board_check" CHECK ("ranking_scores"."board" in ('impact', 'posts')),
	CONSTRAINT "ranking_scores_period_check" CHECK ("ranking_scores"."period" in ('week', 'month', 'all'))
);
--> statement-breakpoint
ALTER TABLE "ranking_scores" ADD CONSTRAINT "ranking_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranking_scores_order_idx" ON "ranking_scores" USING btree ("board","period","starts_on","score" DESC NULLS LAST,"achieved_at","user_id");--> statement-breakpoint
CREATE INDEX "ranking_scores_user_idx" ON "ranking_scores" USING btree ("user_id");
--> statement-breakpoint
-- Scores of what happened before this migration, counted as recordActivity would have
-- (rankings.service.ts): later undos then take back points that were given.
INSERT INTO "ranking_scores" ("board", "period", "starts_on", "user_id", "score", "achieved_at")
SELECT a."board", per."period", per."starts_on", a."user_id", sum(a."points")::int, max(a."at")
FROM (
	SELECT 'impact' AS "board", p."user_id", l."created_at" AS "at", 1 AS "points"
	FROM "likes" l JOIN "posts" p ON p."id" = l."post_id" WHERE l."user_id" <> p."user_id"
	UNION ALL
	SELECT 'impact', p."user_id", w."created_at", 2
	FROM "post_wants" w JOIN "posts" p ON p."id" = w."post_id" WHERE w."user_id" <> p."user_id"
	UNION ALL
	SELECT 'impact', p."user_id", min(c."created_at"), 3
	FROM "comments" c JOIN "posts" p ON p."id" = c."post_id" WHERE c."user_id" <> p."user_id"
	GROUP BY c."post_id", c."user_id", p."user_id"
	UNION ALL
	SELECT 'impact', f."followee_id", f."created_at", 5 FROM "follows" f
	UNION ALL
	SELECT 'posts', p."user_id", p."created_at", 1 FROM "posts" p
) a
CROSS JOIN LATERAL (VALUES
	('week', date_trunc('week', (a."at" AT TIME ZONE 'UTC') + interval '9 hours')::date),
	('month', date_trunc('month', (a."at" AT TIME ZONE 'UTC') + interval '9 hours')::date),
	('all', date '1970-01-01')
) AS per("period", "starts_on")
GROUP BY a."board", per."period", per."starts_on", a."user_id";
